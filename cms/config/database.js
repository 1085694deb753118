'use strict';

const path = require('path');
const { dataDir } = require('../lib/paths');

module.exports = ({ env }) => ({
  connection: {
    client: 'sqlite',
    connection: {
      filename: env('DATABASE_FILENAME', path.join(dataDir(), 'data.db')),
    },
    useNullAsDefault: true,
  },
});
