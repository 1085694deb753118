'use strict';

/**
 * POST /api/email-attachment (multipart), backend.md §4.7 — the "Do you have a project?"
 * form. One e-mail with the fixed subject, the fields as paragraphs (the deployed CMS
 * labels the surname "Surame"), the file attached when its size is non-zero.
 * Locally: delivered to the outbox; only the contact address may be the recipient.
 *
 * Like the deployed controller, it needs a *file* part named `attachment` (a browser sends an
 * empty one, `filename=""`, for an empty file input). Without one — the field omitted, or sent
 * as a text field, which the multipart parser puts in the body instead — the deployed code throws
 * on the missing file, catches it and answers 200 with the error serialised: `{}`, nothing sent.
 * That is reproduced here so a client sending the wrong shape fails a test.
 *
 * With a file part the deployed controller sends the e-mail and then means to answer `DONE`, but a
 * strict-mode error after the send makes it answer 200 `{}` as well (backend.md §4.7, §7.4): the
 * answer is `{}` in every case and says nothing about delivery.
 */
const fs = require('fs');
const { contactEmail } = require('../../../../lib/paths');

const SUBJECT = 'Do you have Project Form';

function field(body, name) {
  const v = body[name];
  if (v === undefined || v === null) return '';
  return Array.isArray(v) ? String(v[0]) : String(v);
}

module.exports = ({ strapi }) => ({
  async send(ctx) {
    const body = ctx.request.body || {};
    const files = (ctx.request.files && ctx.request.files.attachment) || null;
    if (!files) {
      strapi.log.warn('email-attachment: no file part "attachment" — answering {} like the deployed CMS, nothing sent');
      ctx.status = 200;
      ctx.body = {};
      return;
    }
    const to = field(body, 'to').trim() || contactEmail();
    if (to.toLowerCase() !== contactEmail()) {
      ctx.status = 400;
      ctx.body = {
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: `Recipient not allowed: only ${contactEmail()} can receive form e-mails`,
          details: {},
        },
      };
      return;
    }
    const html =
      `<p>Name: ${field(body, 'name')}</p>` +
      `<p>Surame: ${field(body, 'surname')}</p>` +
      `<p>Email: ${field(body, 'email')}</p>` +
      `<p>Phone: ${field(body, 'phone')}</p>` +
      `<p>Description: ${field(body, 'desc')}</p>` +
      `<p>Reference Link: ${field(body, 'ref_link')}</p>`;

    const attachments = [];
    for (const file of Array.isArray(files) ? files : [files]) {
      if (file && file.size > 0) {
        attachments.push({
          filename: file.originalFilename || file.name || 'attachment',
          content: fs.readFileSync(file.filepath || file.path),
          contentType: file.mimetype || file.type || 'application/octet-stream',
        });
      }
    }
    try {
      await strapi.plugin('email').service('email').send({ to, subject: SUBJECT, html, attachments });
    } catch (err) {
      strapi.log.error(`email-attachment: ${err.message}`); // like the deployed CMS: only logged
    }
    ctx.status = 200;
    ctx.body = {};
  },
});
