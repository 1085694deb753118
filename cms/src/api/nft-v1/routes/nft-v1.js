'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::nft-v1.nft-v1', {
  config: {
    update: {
      // Anonymous view/like bumps are allowed (policy decides); every other update
      // needs a valid JWT of a role with nft-v1.update. The policy authenticates itself.
      auth: false,
      policies: ['global::nft-update-guard'],
    },
  },
});
