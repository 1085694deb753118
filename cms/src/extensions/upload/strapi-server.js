'use strict';

// Guard the upload plugin's content-API writes: only images ≤ 5 MB, only for the caller's own avatar.
module.exports = (plugin) => {
  const routes = plugin.routes['content-api'].routes;
  for (const route of routes) {
    if (route.method === 'POST' && route.path === '/') {
      route.config = { ...(route.config || {}), policies: ['global::own-avatar', 'global::image-upload-guard'] };
    }
    if (route.method === 'DELETE' && route.path === '/files/:id') {
      route.config = { ...(route.config || {}), policies: ['global::own-avatar'] };
    }
  }
  return plugin;
};
