'use strict';

// The stock core controller, as in the original CMS: Strapi's own query validation and input
// sanitising decide what a role may filter on and link to (backend.md §7.2). Without
// `users-permissions user.find` the lookup by user is a 400 and the user link of a new row is
// dropped; the local permission set grants it (lib/permissions.js, switch CMS_GRANT_USER_FIND).
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::user-avatar.user-avatar');
