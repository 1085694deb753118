'use strict';

module.exports = {
  routes: [
    {
      method: 'POST',
      path: '/email-attachment',
      handler: 'email-attachment.send',
      config: { policies: [] },
    },
  ],
};
