'use strict';


module.exports = ({ env }) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET', 'local-only-jwt-secret'),
      jwt: { expiresIn: '7d' },
    },
  },
  email: {
    config: {
      // 'sendmail' is only a placeholder: bootstrap (src/index.js) swaps in the local
      // outbox provider (lib/outbox.js), so nothing ever leaves the machine.
      provider: 'sendmail',
      settings: {
        defaultFrom: env('EMAIL_FROM', 'no-reply@terramater.local'),
        defaultReplyTo: env('EMAIL_FROM', 'no-reply@terramater.local'),
      },
    },
  },
  upload: {
    config: {
      sizeLimit: 10 * 1024 * 1024,
      breakpoints: {},
      responsiveDimensions: false,
      sizeOptimization: false,
    },
  },
  'webthree-auth': {
    enabled: true,
    resolve: './src/plugins/webthree-auth',
  },
});
