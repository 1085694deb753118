'use strict';

/**
 * A signed-in user may only create/update/delete their own user-avatar record and
 * upload/replace/delete files attached to it. Applied to the user-avatar write routes
 * and to the upload plugin's content-API write routes.
 */
const { errors } = require('@strapi/utils');
const { forbidden, unauthorized } = require('../../lib/http-error');

const AVATAR_UID = 'api::user-avatar.user-avatar';

async function avatarOwnerId(strapi, avatarId) {
  const row = await strapi.db
    .query(AVATAR_UID)
    .findOne({ where: { id: Number(avatarId) }, populate: { users_permissions_user: { select: ['id'] } } });
  if (!row) return undefined;
  return row.users_permissions_user ? row.users_permissions_user.id : null;
}

async function fileAvatarIds(strapi, fileId) {
  const rows = await strapi.db
    .connection('files_related_morphs')
    .where({ file_id: Number(fileId), related_type: AVATAR_UID })
    .select('related_id');
  return rows.map((r) => r.related_id);
}

function parseData(body) {
  if (!body) return {};
  let data = body.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      throw new errors.ValidationError('data must be valid JSON');
    }
  }
  return data && typeof data === 'object' ? data : {};
}

function relId(v) {
  if (v && typeof v === 'object') {
    if (Array.isArray(v.connect) && v.connect[0]) return relId(v.connect[0]);
    if (Array.isArray(v.set) && v.set[0]) return relId(v.set[0]);
    return v.id !== undefined ? Number(v.id) : NaN;
  }
  return Number(v);
}

module.exports = async (policyContext, _config, { strapi }) => {
  const ctx = policyContext;
  const user = ctx.state.user;
  if (!user) throw unauthorized('Sign in first');
  const forbid = (msg) => {
    throw forbidden(msg);
  };
  const { method } = ctx.request;
  const route = ctx.state.route || {};
  const handler = String(route.handler || '');
  const isUpload = (route.info && route.info.pluginName === 'upload') || handler.includes('content-api.');

  if (!isUpload) {
    // user-avatar routes
    if (method === 'POST') {
      const data = parseData(ctx.request.body);
      if (data.users_permissions_user !== undefined && relId(data.users_permissions_user) !== user.id) {
        forbid('You can only create your own avatar record');
      }
      const existing = await strapi.db
        .query(AVATAR_UID)
        .findOne({ where: { users_permissions_user: { id: user.id } } });
      if (existing) forbid(`You already have an avatar record (id ${existing.id}); upload to it instead`);
      return true;
    }
    const owner = await avatarOwnerId(strapi, ctx.params.id);
    if (owner === undefined) throw new errors.NotFoundError('Avatar record not found');
    if (owner !== user.id) forbid('You can only change your own avatar record');
    if (method === 'PUT') {
      const data = parseData(ctx.request.body);
      if (data.users_permissions_user !== undefined && relId(data.users_permissions_user) !== user.id) {
        forbid('An avatar record cannot be given to another user');
      }
    }
    return true;
  }

  // upload plugin routes
  if (method === 'DELETE') {
    const ids = await fileAvatarIds(strapi, ctx.params.id);
    const owners = [];
    for (const id of ids) owners.push(await avatarOwnerId(strapi, id));
    if (owners.includes(user.id)) return true;
    // The file of an avatar row that lost its user link (Strapi drops it for a role that may not
    // `find` users, backend.md §7.2) belongs to nobody: the uploader may clean it up.
    if (owners.length > 0 && owners.every((owner) => owner === null)) return true;
    forbid('You can only delete files of your own avatar');
  }
  if (method === 'POST') {
    if (ctx.query && ctx.query.id !== undefined) {
      // replace / update an existing file
      const ids = await fileAvatarIds(strapi, ctx.query.id);
      for (const id of ids) if ((await avatarOwnerId(strapi, id)) === user.id) return true;
      forbid('You can only replace files of your own avatar');
    }
    const body = ctx.request.body || {};
    if (body.ref !== AVATAR_UID || body.field !== 'avatar' || body.refId === undefined) {
      forbid(`Uploads must target your avatar: ref=${AVATAR_UID}, refId=<your avatar id>, field=avatar`);
    }
    if ((await avatarOwnerId(strapi, body.refId)) !== user.id) forbid('You can only upload to your own avatar record');
    return true;
  }
  return true;
};
