'use strict';

/*
 * Stand-in for the `side-channel` package, which qs uses to detect cyclic objects while
 * stringifying. The real package falls back through WeakMap/Map/list implementations for old
 * engines and pulls in object-inspect and get-intrinsic (about 10 KB gzip) to describe a missing
 * key in an error; every browser we support has Map, so this is all qs needs.
 */
module.exports = function getSideChannel() {
  var data = new Map();
  return {
    assert: function (key) {
      if (!data.has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: function (key) {
      return data.delete(key);
    },
    get: function (key) {
      return data.get(key);
    },
    has: function (key) {
      return data.has(key);
    },
    set: function (key, value) {
      data.set(key, value);
    },
  };
};
