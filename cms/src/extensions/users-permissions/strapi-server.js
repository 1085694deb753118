'use strict';

// Extends the users-permissions user with the wallet fields of the deployed CMS (backend.md §2.8).
module.exports = (plugin) => {
  const attrs = plugin.contentTypes.user.schema.attributes;
  attrs.address = { type: 'string' };
  attrs.token = { type: 'string', private: true, configurable: false };
  return plugin;
};
