'use strict';

module.exports = {
  routes: [
    {
      method: 'GET',
      path: '/nft-metadata/:collectionKey/:tokenId',
      handler: 'nft-metadata.findOne',
      config: { policies: [] },
    },
  ],
};
