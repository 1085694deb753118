'use strict';

// The admin panel is not built nor served (see config/server.js / README).
// Strapi still needs these secrets to boot; they are local-only values.
module.exports = ({ env }) => ({
  serveAdminPanel: false,
  autoOpen: false,
  auth: { secret: env('ADMIN_JWT_SECRET', 'local-only-admin-jwt-secret') },
  apiToken: { salt: env('API_TOKEN_SALT', 'local-only-api-token-salt') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT', 'local-only-transfer-token-salt') } },
  watchIgnoreFiles: ['**/.tmp/**', '**/data*/**'],
});
