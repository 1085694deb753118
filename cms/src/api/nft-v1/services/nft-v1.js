'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::nft-v1.nft-v1');
