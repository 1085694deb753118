'use strict';

/**
 * The deployed CMS runs on MySQL, whose default collation compares strings
 * case-insensitively, and the app relies on it (`filters[status]=active` for the
 * `Active` enum value, owner / contract address filters in any letter case).
 * SQLite compares case-sensitively, so for a few string fields an equality filter
 * is rewritten to Strapi's case-insensitive `$eqi` before the query runs.
 */
const FIELDS = new Set([
  'status',
  'owner',
  'contract_address',
  'from_address',
  'to_address',
  'address',
  'wallet',
  'chain_name',
  'category',
  'Status',
]);

// `category` is also a relation on collection: only rewrite when the value is not numeric
function rewrite(node, depth = 0) {
  if (depth > 10 || !node || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => rewrite(n, depth + 1));
  for (const [key, value] of Object.entries(node)) {
    if (FIELDS.has(key)) {
      if (typeof value === 'string' && !/^\d+$/.test(value)) node[key] = { $eqi: value };
      else if (value && typeof value === 'object' && typeof value.$eq === 'string' && !/^\d+$/.test(value.$eq)) {
        const { $eq, ...rest } = value;
        node[key] = { ...rest, $eqi: $eq };
      }
    } else if (key.startsWith('$') || typeof value === 'object') {
      node[key] = rewrite(value, depth + 1);
    }
  }
  return node;
}

module.exports = () => async (ctx, next) => {
  if (ctx.path.startsWith('/api/') && ctx.method === 'GET' && ctx.query && ctx.query.filters) {
    const query = { ...ctx.query };
    query.filters = rewrite(query.filters);
    ctx.query = query;
  }
  await next();
};
