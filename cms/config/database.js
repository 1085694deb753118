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
    pool: {
      // WAL + synchronous=NORMAL: the seed's ~600 small transactions take seconds, not tens of
      // seconds; durability of a local test database is not a concern
      afterCreate(conn, done) {
        try {
          conn.pragma('journal_mode = WAL');
          conn.pragma('synchronous = NORMAL');
          done(null, conn);
        } catch (err) {
          done(err, conn);
        }
      },
    },
  },
});
