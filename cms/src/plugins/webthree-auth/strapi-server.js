'use strict';

/**
 * Wallet sign-in, same contract as the deployed `webthree-auth` plugin (backend.md §3):
 *   GET /webthree-auth/token/:address
 *   GET /webthree-auth/authenticate/:address/:signature
 * Routes are registered as an array, so Strapi mounts them without the /api prefix.
 * Errors are answered with HTTP 200 and { success: false, error }.
 * Deviation (hardening): the token is rotated after a successful authenticate, so a
 * signature can be used once only.
 */
const crypto = require('crypto');
const { getAddress, verifyMessage } = require('ethers');

const USER_UID = 'plugin::users-permissions.user';
const MESSAGE_PREFIX = 'Your authentication token : ';

function newToken() {
  return Array.from({ length: 4 }, () => crypto.randomBytes(4).toString('hex')).join('-');
}

function checksum(address) {
  try {
    return getAddress(String(address)); // like the deployed plugin: a wrong mixed-case checksum is invalid
  } catch {
    return null;
  }
}

const SANITISED_FIELDS = ['id', 'username', 'email', 'provider', 'confirmed', 'blocked', 'address', 'createdAt', 'updatedAt'];

function sanitiseUser(user) {
  const out = {};
  for (const key of SANITISED_FIELDS) out[key] = user[key] === undefined ? null : user[key];
  return out;
}

async function findByAddress(strapi, address) {
  // addresses are stored checksummed; compare case-insensitively for robustness
  return strapi.db.query(USER_UID).findOne({ where: { address: { $eqi: address } } });
}

const controller = ({ strapi }) => ({
  async token(ctx) {
    const address = checksum(ctx.params.address);
    if (!address) {
      ctx.body = { success: false, error: 'Invalid address' };
      return;
    }
    const token = newToken();
    const existing = await findByAddress(strapi, address);
    if (existing) {
      await strapi.db.query(USER_UID).update({ where: { id: existing.id }, data: { token } });
    } else {
      const settings = await strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' }).get();
      const roleType = (settings && settings.default_role) || 'authenticated';
      const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: roleType } });
      await strapi.db.query(USER_UID).create({
        data: {
          address,
          username: address,
          confirmed: false,
          blocked: false,
          token,
          role: role ? role.id : null,
        },
      });
    }
    ctx.body = { token };
  },

  async authenticate(ctx) {
    const address = checksum(ctx.params.address);
    if (!address) {
      ctx.body = { success: false, error: 'Invalid address' };
      return;
    }
    const user = await findByAddress(strapi, address);
    if (!user) {
      ctx.body = { success: false, error: 'User not found' };
      return;
    }
    let recovered = null;
    if (user.token) {
      try {
        recovered = getAddress(verifyMessage(MESSAGE_PREFIX + user.token, ctx.params.signature));
      } catch {
        recovered = null;
      }
    }
    if (!recovered || recovered !== address) {
      ctx.body = { success: false, error: 'Invalid signature' };
      return;
    }
    const data = { token: newToken() }; // rotate: the signature cannot be replayed
    if (!user.confirmed) data.confirmed = true;
    const updated = await strapi.db.query(USER_UID).update({ where: { id: user.id }, data });
    const jwt = strapi.plugin('users-permissions').service('jwt').issue({ id: user.id });
    ctx.body = { jwt, user: sanitiseUser(updated) };
  },
});

module.exports = {
  controllers: { auth: controller },
  routes: [
    {
      method: 'GET',
      path: '/token/:address',
      handler: 'auth.token',
      config: { auth: false, policies: [] },
    },
    {
      method: 'GET',
      path: '/authenticate/:address/:signature',
      handler: 'auth.authenticate',
      config: { auth: false, policies: [] },
    },
  ],
};
