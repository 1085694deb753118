'use strict';

/**
 * GET /api/local-outbox — read-only view of the e-mails "sent" by this local CMS
 * (only when LOCAL_OUTBOX=1). Optional filters: ?to=<address>, ?subject=<exact subject>.
 */
const outbox = require('../../../../lib/outbox');

module.exports = () => ({
  async find(ctx) {
    if (process.env.LOCAL_OUTBOX !== '1') {
      return ctx.notFound('The local outbox is disabled (set LOCAL_OUTBOX=1)');
    }
    let data = outbox.readAll();
    const { to, subject } = ctx.query;
    if (typeof to === 'string' && to) {
      data = data.filter((m) => String(m.to || '').toLowerCase() === to.toLowerCase());
    }
    if (typeof subject === 'string' && subject) data = data.filter((m) => m.subject === subject);
    ctx.body = { data, meta: { total: data.length } };
  },
});
