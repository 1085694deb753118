'use strict';

/**
 * Switches that make the local CMS answer like other permission sets / schemas of the original
 * (backend.md §7), read once from the environment at start and changeable at run time through
 * `PUT /api/local-mode` (only with LOCAL_CONTROLS=1, which the harness sets):
 * - userFind (CMS_GRANT_USER_FIND, default on): Authenticated may `find` users-permissions users,
 *   which the avatar flow needs (§7.2). Off: the avatar lookup by user is a 400 and a new avatar
 *   row loses its user link, as on a CMS without that grant.
 * - naturaBalance (CMS_NATURA_BALANCE, default on): the natura-balance type answers. Off:
 *   `/api/natura-balances` is Strapi's 404, as on the original source, which has no such type (§7.5).
 */
const off = (name) => ['0', 'false', 'off', 'no'].includes(String(process.env[name] ?? '').trim().toLowerCase());

const mode = {
  userFind: !off('CMS_GRANT_USER_FIND'),
  naturaBalance: !off('CMS_NATURA_BALANCE'),
};

function getMode() {
  return { ...mode };
}

function setMode(changes) {
  for (const key of Object.keys(mode)) {
    if (typeof changes[key] === 'boolean') mode[key] = changes[key];
  }
  return getMode();
}

module.exports = { getMode, setMode };
