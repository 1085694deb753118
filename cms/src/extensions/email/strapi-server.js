'use strict';

/**
 * POST /api/email (email plugin's send route). The deployed CMS lets the client choose
 * to/subject/html (an open relay). Locally only the contact address and the two form
 * subjects of backend.md §4.8 are accepted; the message goes to the local outbox.
 */
const { contactEmail } = require('../../../lib/paths');

const ALLOWED_SUBJECTS = ['CONTACT US FORM', 'Work With Us Form'];

function badRequest(ctx, message) {
  ctx.status = 400;
  ctx.body = { data: null, error: { status: 400, name: 'ValidationError', message, details: {} } };
}

module.exports = (plugin) => {
  const original = plugin.controllers.email.send;
  plugin.controllers.email.send = async (ctx) => {
    const body = ctx.request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return badRequest(ctx, 'Expected a JSON body { to, subject, html }');
    }
    const { to, subject, html, text } = body;
    if (typeof to !== 'string' || to.trim().toLowerCase() !== contactEmail()) {
      return badRequest(ctx, `Recipient not allowed: only ${contactEmail()} can receive form e-mails`);
    }
    if (!ALLOWED_SUBJECTS.includes(subject)) {
      return badRequest(ctx, `Subject not allowed: expected one of ${ALLOWED_SUBJECTS.map((s) => `"${s}"`).join(', ')}`);
    }
    if (typeof html !== 'string' && typeof text !== 'string') {
      return badRequest(ctx, 'Expected an html (or text) body');
    }
    // only the known fields are forwarded (no cc/bcc/from/attachments)
    ctx.request.body = { to: to.trim(), subject, ...(html !== undefined ? { html } : {}), ...(text !== undefined ? { text } : {}) };
    return original(ctx);
  };
  return plugin;
};
