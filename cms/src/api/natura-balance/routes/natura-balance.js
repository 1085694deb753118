'use strict';

const { factories } = require('@strapi/strapi');

// `global::natura-balance-switch`: answers 404 while the type is switched off (lib/mode.js).
const off = { middlewares: ['global::natura-balance-switch'] };

module.exports = factories.createCoreRouter('api::natura-balance.natura-balance', {
  config: { find: off, findOne: off, create: off, update: off, delete: off },
});
