'use strict';

// Local outbox: every e-mail is appended as one JSON line to <dataDir>/outbox.jsonl.
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { outboxFile } = require('./paths');

function append(message) {
  const file = outboxFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const record = {
    id: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    ...message,
  };
  fs.appendFileSync(file, JSON.stringify(record) + '\n');
  return record;
}

function readAll() {
  const file = outboxFile();
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return null;
      }
    })
    .filter(Boolean);
}

function attachmentInfo(a) {
  let size = a.size;
  if (size === undefined && a.content !== undefined) size = Buffer.byteLength(a.content);
  if (size === undefined && a.path && fs.existsSync(a.path)) size = fs.statSync(a.path).size;
  return { filename: a.filename || a.name || null, size: size ?? null, contentType: a.contentType || null };
}

// Strapi email provider interface ({ send(options) })
function provider(settings = {}) {
  return {
    async send(options) {
      append({
        from: options.from || settings.defaultFrom || null,
        replyTo: options.replyTo || settings.defaultReplyTo || null,
        to: options.to,
        cc: options.cc || null,
        bcc: options.bcc || null,
        subject: options.subject || null,
        text: options.text || null,
        html: options.html || null,
        attachments: (options.attachments || []).map(attachmentInfo),
      });
    },
  };
}

module.exports = { append, readAll, provider };
