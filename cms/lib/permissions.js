'use strict';

// Role permissions granted at bootstrap (idempotent). Least privilege, see README.
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

// a signed-in user sends its JWT on reads too, so Authenticated needs the reads as well.
// Writes: exactly what the app does (backend.md §5) — nothing more.
const AUTHENTICATED = [
  ...PUBLIC,
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
  const extra = existing.filter((p) => p.action.startsWith('api::') && !wanted.has(p.action));
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
  await grant(strapi, 'authenticated', AUTHENTICATED);
}

module.exports = { grantAll, PUBLIC, AUTHENTICATED };
