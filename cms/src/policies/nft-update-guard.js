'use strict';

/**
 * PUT /api/nft-v1s/:id (route has auth:false, this policy does the auth):
 *  - with an Authorization header: a valid JWT whose role may `nft-v1.update`;
 *  - without: only an anonymous view/like bump — body exactly { data: { views } } or
 *    { data: { likes } } with a value that differs from the stored one by exactly 1.
 */
const { errors } = require('@strapi/utils');
const { forbidden, unauthorized } = require('../../lib/http-error');
const path = require('path');

// the users-permissions JWT strategy (not exported by the package, loaded by path)
const strategy = require(
  path.join(path.dirname(require.resolve('@strapi/plugin-users-permissions/package.json')), 'server', 'strategies', 'users-permissions.js'),
);

const UID = 'api::nft-v1.nft-v1';
const BUMP_FIELDS = ['views', 'likes'];

function toInt(v) {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v);
  return null;
}

module.exports = async (policyContext, _config, { strapi }) => {
  const ctx = policyContext;
  if (ctx.request.header.authorization) {
    const auth = await strategy.authenticate(ctx);
    if (!auth || auth.error || !auth.authenticated || !auth.credentials) {
      throw unauthorized('Invalid or expired token');
    }
    try {
      await strategy.verify(auth, { scope: [`${UID}.update`] });
    } catch {
      throw forbidden('Your role is not allowed to update NFTs');
    }
    ctx.state.user = auth.credentials;
    ctx.state.isAuthenticated = true;
    ctx.state.auth = { strategy, credentials: auth.credentials, ability: auth.ability };
    return true;
  }

  const deny = (why) => {
    throw forbidden(
      `Anonymous updates may only change views or likes by exactly one (${why}); sign in for other changes`,
    );
  };
  const body = ctx.request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body) || Object.keys(body).join() !== 'data') {
    deny('body must be exactly { data: { views } } or { data: { likes } }');
  }
  const data = body.data;
  const keys = data && typeof data === 'object' && !Array.isArray(data) ? Object.keys(data) : [];
  if (keys.length !== 1 || !BUMP_FIELDS.includes(keys[0])) {
    deny('body must be exactly { data: { views } } or { data: { likes } }');
  }
  const field = keys[0];
  const next = toInt(data[field]);
  if (next === null) deny(`${field} must be an integer`);
  const id = toInt(ctx.params.id);
  const stored = id === null ? null : await strapi.db.query(UID).findOne({ where: { id }, select: ['id', field] });
  if (!stored) throw new errors.NotFoundError('NFT not found');
  if (Math.abs(next - Number(stored[field] || 0)) !== 1) deny(`stored ${field} is ${stored[field]}`);
  ctx.request.body = { data: { [field]: next } };
  return true;
};
