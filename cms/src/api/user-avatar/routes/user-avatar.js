'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::user-avatar.user-avatar', {
  config: {
    create: { policies: ['global::own-avatar', 'global::image-upload-guard'] },
    update: { policies: ['global::own-avatar', 'global::image-upload-guard'] },
    delete: { policies: ['global::own-avatar'] },
  },
});
