'use strict';

// Registered before the core routes so `/collections/get_collection` wins over `/collections/:id`.
module.exports = {
  routes: [
    {
      method: 'GET',
      path: '/collections/get_collection',
      handler: 'collection.getCollection',
      config: { policies: [] },
    },
  ],
};
