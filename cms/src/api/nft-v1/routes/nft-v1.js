'use strict';

const { factories } = require('@strapi/strapi');

// Every write, `PUT /api/nft-v1s/:id` included (view and like counts too), needs a valid JWT of a
// role with the action (Strapi's own route auth): Public has no nft-v1 write permission.
module.exports = factories.createCoreRouter('api::nft-v1.nft-v1');
