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

const PUBLIC = [
  ...PUBLIC_READS,
  'plugin::email.email.send',
  'api::email-attachment.email-attachment.send',
  'api::nft-metadata.nft-metadata.findOne',
  'api::local-outbox.local-outbox.find',
];

// a signed-in user sends its JWT on reads too, so Authenticated needs the reads as well
const AUTHENTICATED = [
  ...PUBLIC,
  'api::nft-v1.nft-v1.create',
  'api::nft-v1.nft-v1.update',
  'api::transaction.transaction.create',
  'api::transaction.transaction.update',
  'api::collection.collection.create',
  'api::collection.collection.update',
  'api::user-avatar.user-avatar.create',
  'api::user-avatar.user-avatar.update',
  'api::user-avatar.user-avatar.delete',
  'api::natura-balance.natura-balance.update',
  'plugin::upload.content-api.upload',
  'plugin::upload.content-api.destroy',
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
}

async function grantAll(strapi) {
  await grant(strapi, 'public', PUBLIC);
  await grant(strapi, 'authenticated', AUTHENTICATED);
}

module.exports = { grantAll, PUBLIC, AUTHENTICATED };
