'use strict';

const { factories } = require('@strapi/strapi');

const UID = 'api::collection.collection';

function parseData(body) {
  let data = body && body.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      data = null;
    }
  }
  return data && typeof data === 'object' ? data : {};
}

module.exports = factories.createCoreController(UID, ({ strapi }) => ({
  /**
   * POST /api/collections (backend.md #25) sends users_permissions_user = the creator's id.
   * Strapi 4.26 drops input relations to users for roles that may not list users, so the
   * creator link is set here — only ever to the signed-in user.
   */
  async create(ctx) {
    const requested = parseData(ctx.request.body).users_permissions_user;
    const response = await super.create(ctx);
    const id = response && response.data && response.data.id;
    if (id && ctx.state.user && requested !== undefined && requested !== null) {
      await strapi.db.query(UID).update({ where: { id }, data: { users_permissions_user: ctx.state.user.id } });
    }
    return response;
  },

  // GET /api/collections/get_collection[?id=] → bare array, flat, media populated,
  // drafts included (entity service without publication-state filter), backend.md §4.5
  async getCollection(ctx) {
    const { id } = ctx.query;
    try {
      const params = {
        populate: { category: true, banner: true, feature_img: true },
        publicationState: 'preview',
        sort: { id: 'asc' },
      };
      if (id !== undefined && id !== '') {
        if (!/^\d+$/.test(String(id))) {
          ctx.body = [];
          return;
        }
        params.filters = { id: Number(id) };
      }
      const rows = await strapi.entityService.findMany(UID, params);
      // private attributes (the seed key) are never exposed
      ctx.body = (rows || []).map(({ key, ...rest }) => rest);
    } catch (err) {
      ctx.body = { error: err.message };
    }
  },
}));
