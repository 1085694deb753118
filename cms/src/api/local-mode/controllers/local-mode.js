'use strict';

/**
 * GET / PUT /api/local-mode — the local stand-in's switches (lib/mode.js) at run time, so that one
 * running CMS can answer like a CMS without the users-permissions `user.find` grant or without the
 * natura-balance type (the e2e stack is shared; a test flips a switch and restores it).
 * Body of PUT: `{ "userFind"?: boolean, "naturaBalance"?: boolean }`; answers the mode now in force.
 * Exists only with LOCAL_CONTROLS=1 (the harness sets it); 404 otherwise. Not part of the deployed CMS.
 */
const { grantAll } = require('../../../../lib/permissions');
const { getMode, setMode } = require('../../../../lib/mode');

function enabled(ctx) {
  if (process.env.LOCAL_CONTROLS === '1') return true;
  ctx.notFound('Local controls are disabled (set LOCAL_CONTROLS=1)');
  return false;
}

module.exports = ({ strapi }) => ({
  async find(ctx) {
    if (!enabled(ctx)) return;
    ctx.body = { data: getMode() };
  },
  async update(ctx) {
    if (!enabled(ctx)) return;
    const body = ctx.request.body && typeof ctx.request.body === 'object' ? ctx.request.body : {};
    for (const [key, value] of Object.entries(body)) {
      if (!(key in getMode()) || typeof value !== 'boolean') {
        return ctx.badRequest(`Expected { userFind?: boolean, naturaBalance?: boolean }; got ${key}=${JSON.stringify(value)}`);
      }
    }
    const mode = setMode(body);
    await grantAll(strapi); // the user.find grant follows the mode (read per request by users-permissions)
    ctx.body = { data: mode };
  },
});
