'use strict';

const { grantAll } = require('../lib/permissions');
const { createSeeder } = require('../lib/seed');
const outbox = require('../lib/outbox');
const { publicUrl } = require('../lib/paths');

// The deployed CMS stores absolute (S3) media URLs and the app uses them as-is;
// the local upload provider returns "/uploads/…", so make them absolute.
function absolutize(data) {
  if (!data) return;
  const origin = publicUrl();
  if (typeof data.url === 'string' && data.url.startsWith('/')) data.url = origin + data.url;
  if (data.formats && typeof data.formats === 'object') {
    for (const f of Object.values(data.formats)) {
      if (f && typeof f.url === 'string' && f.url.startsWith('/')) f.url = origin + f.url;
    }
  }
}

module.exports = {
  register() {
    // started by the harness: exit when the parent process is gone (even after a SIGKILL)
    const parent = Number(process.env.CMS_PARENT_PID);
    if (parent > 0) {
      setInterval(() => {
        try {
          process.kill(parent, 0);
        } catch {
          process.exit(0);
        }
      }, 2000).unref();
    }
  },

  async bootstrap({ strapi }) {
    // e-mails never leave the machine: the email plugin's provider is the local outbox
    strapi.plugin('email').provider = outbox.provider(strapi.config.get('plugin.email.settings') || {});

    strapi.db.lifecycles.subscribe({
      models: ['plugin::upload.file'],
      beforeCreate(event) {
        absolutize(event.params.data);
      },
      beforeUpdate(event) {
        absolutize(event.params.data);
      },
    });

    await grantAll(strapi);
    await createSeeder(strapi).run();
    strapi.log.info('terra-mater-cms: permissions granted, seed done');
  },
};
