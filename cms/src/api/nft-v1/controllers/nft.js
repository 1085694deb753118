'use strict';

// `/api/nft`: the deployed CMS points this route at a controller built with the
// default core controller of nft-v1 → standard Strapi query syntax/shape, published only.
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::nft-v1.nft-v1');
