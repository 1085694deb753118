'use strict';

// Shared path/URL helpers for config files, bootstrap and scripts (CommonJS).
const path = require('path');

const CMS_ROOT = path.resolve(__dirname, '..');

function dataDir() {
  return path.resolve(process.env.CMS_DATA_DIR || path.join(CMS_ROOT, '.tmp'));
}

function publicDir() {
  return path.join(dataDir(), 'public');
}

function publicUrl() {
  const fallback = `http://127.0.0.1:${process.env.PORT || 1337}`;
  return (process.env.CMS_PUBLIC_URL || fallback).replace(/\/+$/, '');
}

function outboxFile() {
  return path.join(dataDir(), 'outbox.jsonl');
}

function contactEmail() {
  return (process.env.CONTACT_EMAIL || 'info@terramaternfts.com').trim().toLowerCase();
}

function deploymentFile() {
  return path.resolve(
    CMS_ROOT,
    process.env.DEPLOYMENT_FILE || path.join('..', 'contracts', 'deployments', 'local.json'),
  );
}

module.exports = { CMS_ROOT, dataDir, publicDir, publicUrl, outboxFile, contactEmail, deploymentFile };
