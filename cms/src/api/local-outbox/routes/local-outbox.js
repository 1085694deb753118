'use strict';

module.exports = {
  routes: [
    {
      method: 'GET',
      path: '/local-outbox',
      handler: 'local-outbox.find',
      config: { policies: [] },
    },
  ],
};
