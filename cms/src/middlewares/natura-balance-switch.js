'use strict';

/**
 * The original CMS source has no natura-balance type (backend.md §7.5): every `/api/natura-balances`
 * route is Strapi's plain 404. With the type switched off (CMS_NATURA_BALANCE=0, or
 * `PUT /api/local-mode {"naturaBalance": false}`) the local routes answer exactly that.
 */
const { getMode } = require('../../lib/mode');

module.exports = () => async (ctx, next) => {
  if (getMode().naturaBalance) return next();
  ctx.status = 404;
  ctx.body = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
};
