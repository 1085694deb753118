'use strict';

/** Avatar uploads: images only (jpg, jpeg, png, gif, webp), at most 5 MB each. */
const path = require('path');
const { errors } = require('@strapi/utils');

const MAX_BYTES = 5 * 1024 * 1024;
const MIME = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/gif', 'image/webp']);
const EXT = new Set(['.jpg', '.jpeg', '.png', '.gif', '.webp']);

function collect(files) {
  if (!files) return [];
  const out = [];
  for (const value of Object.values(files)) {
    if (Array.isArray(value)) out.push(...value);
    else if (value) out.push(value);
  }
  return out;
}

module.exports = async (policyContext) => {
  const files = collect(policyContext.request.files);
  for (const file of files) {
    const name = file.originalFilename || file.name || 'file';
    const type = (file.mimetype || file.type || '').toLowerCase();
    const ext = path.extname(name).toLowerCase();
    if (!MIME.has(type) || !EXT.has(ext)) {
      throw new errors.ValidationError(
        `Only image files (jpg, jpeg, png, gif, webp) are accepted; "${name}" is ${type || 'of unknown type'}`,
      );
    }
    if (file.size > MAX_BYTES) {
      throw new errors.PayloadTooLargeError(`Image "${name}" is larger than the 5 MB limit`);
    }
  }
  return true;
};
