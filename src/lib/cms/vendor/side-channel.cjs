'use strict';
// Browser-build stand-in for the `side-channel` package, which qs uses to detect cycles while it
// stringifies. The package reaches a Map-like store through get-intrinsic, call-bound and
// object-inspect (about 11 kB gzipped in the first load); every browser this app supports has Map,
// so this keeps the same contract — assert, delete, get, has, set — on one. vite.config.ts aliases
// it for the app build only; tests/unit/side-channel-shim.test.ts holds it to the real package.
module.exports = function getSideChannel() {
  var store;
  var channel = {
    assert: function (key) {
      if (!channel.has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: function (key) {
      return !!store && store.delete(key);
    },
    get: function (key) {
      return store && store.get(key);
    },
    has: function (key) {
      return !!store && store.has(key);
    },
    set: function (key, value) {
      if (!store) store = new Map();
      store.set(key, value);
    },
  };
  return channel;
};
