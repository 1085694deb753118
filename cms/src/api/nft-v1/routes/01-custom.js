'use strict';

// Registered before the core routes (file order) so `/nft-v1s/fwfilters` wins over `/nft-v1s/:id`.
module.exports = {
  routes: [
    {
      method: 'GET',
      path: '/nft-v1s/fwfilters',
      handler: 'nft-v1.fwfilters',
      config: { policies: [] },
    },
    {
      method: 'GET',
      path: '/nft',
      handler: 'nft.find',
      config: { policies: [] },
    },
  ],
};
