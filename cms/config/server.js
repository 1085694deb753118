'use strict';

const fs = require('fs');
const path = require('path');
const { dataDir, publicUrl } = require('../lib/paths');

// Strapi refuses to start when the public folder is missing
fs.mkdirSync(path.join(dataDir(), 'public', 'uploads'), { recursive: true });

module.exports = ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  url: publicUrl(),
  app: {
    keys: env.array('APP_KEYS', ['local-only-app-key-1', 'local-only-app-key-2']),
  },
  dirs: {
    // uploads (and generated seed images) live under the data dir so each
    // instance started by the harness is isolated
    public: path.join(dataDir(), 'public'),
  },
  webhooks: { populateRelations: false },
  // no telemetry / update checks (offline machine)
  cron: { enabled: false },
});
