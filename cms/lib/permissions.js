'use strict';

// Role permissions granted at bootstrap (idempotent). Least privilege, see README.
const { getMode } = require('./mode');

const USER_FIND = 'plugin::users-permissions.user.find';
const READ = (uid, actions = ['find', 'findOne']) => actions.map((a) => `${uid}.${a}`);

const PUBLIC_READS = [
  ...READ('api::category.category'),
  ...READ('api::collection.collection', ['find', 'findOne', 'getCollection']),
  ...READ('api::nft-v1.nft-v1', ['find', 'findOne', 'fwfilters']),
  'api::nft-v1.nft.find',
  ...READ('api::nft-status.nft-status'),
  ...READ('api::nft-prop.nft-prop'),
  ...READ('api::transaction.transaction'),
  ...READ('api::user-avatar.user-avatar'),
  ...READ('api::natura-balance.natura-balance'),
  ...READ('api::author.author'),
];

// No writes for Public: not even view/like counts on nft-v1 (backend.md §5.3 #12: the app bumps
// views only with a JWT). An anonymous nft-v1 update would let anyone rewrite owner and price.
const PUBLIC = [
  ...PUBLIC_READS,
  'plugin::email.email.send',
  'api::email-attachment.email-attachment.send',
  'api::nft-metadata.nft-metadata.findOne',
  'api::local-outbox.local-outbox.find',
];

// Authenticated keeps the reads (its own avatar lookup #18 goes with the bearer, and other clients
// may send one), but NOT the two e-mail routes: as on the original, only Public holds those, so a
// form sent with a bearer is a 403 (backend.md §7.3).
// Writes: exactly what the app does (backend.md §5) — nothing more.
const AUTHENTICATED = [
  ...PUBLIC_READS,
  'api::nft-metadata.nft-metadata.findOne',
  'api::local-outbox.local-outbox.find',
  'api::nft-v1.nft-v1.create', // #28 new listing row
  'api::nft-v1.nft-v1.update', // #12 #13 #17 #23 #27
  'api::transaction.transaction.create', // #16
  'api::collection.collection.create', // #25
  'api::user-avatar.user-avatar.create', // #21
  'api::user-avatar.user-avatar.update',
  'plugin::upload.content-api.upload', // #20
  'plugin::upload.content-api.destroy', // #19
  'plugin::users-permissions.user.me',
];

// What the avatar flow needs (backend.md §7.2): without it Strapi refuses the lookup by user (400)
// and drops the user link of a new avatar. Granted unless the mode says otherwise (lib/mode.js).
const AUTHENTICATED_USER_FIND = [USER_FIND];

// Permissions outside api:: that this file manages: revoked when not wanted (mode switches).
const MANAGED = new Set([USER_FIND, 'plugin::email.email.send', 'api::email-attachment.email-attachment.send']);

async function grant(strapi, roleType, actions) {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: roleType } });
  if (!role) throw new Error(`users-permissions role "${roleType}" not found`);
  const existing = await strapi.db
    .query('plugin::users-permissions.permission')
    .findMany({ where: { role: { id: role.id } }, select: ['action'] });
  const have = new Set(existing.map((p) => p.action));
  for (const action of actions) {
    if (!have.has(action)) {
      await strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
    }
  }
  // revoke content-type permissions this app does not grant (e.g. left by an older seed)
  const wanted = new Set(actions);
  const extra = existing.filter((p) => (p.action.startsWith('api::') || MANAGED.has(p.action)) && !wanted.has(p.action));
  if (extra.length) {
    const ids = (
      await strapi.db
        .query('plugin::users-permissions.permission')
        .findMany({ where: { role: { id: role.id }, action: { $in: extra.map((p) => p.action) } }, select: ['id'] })
    ).map((p) => p.id);
    await strapi.db.query('plugin::users-permissions.permission').deleteMany({ where: { id: { $in: ids } } });
  }
}

async function grantAll(strapi) {
  await grant(strapi, 'public', PUBLIC);
  await grant(strapi, 'authenticated', [...AUTHENTICATED, ...(getMode().userFind ? AUTHENTICATED_USER_FIND : [])]);
}

module.exports = { grantAll, PUBLIC, AUTHENTICATED };
