'use strict';

module.exports = {
  routes: [
    { method: 'GET', path: '/local-mode', handler: 'local-mode.find', config: { auth: false, policies: [] } },
    { method: 'PUT', path: '/local-mode', handler: 'local-mode.update', config: { auth: false, policies: [] } },
  ],
};
