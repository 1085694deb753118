'use strict';

const { factories } = require('@strapi/strapi');

const UID = 'api::collection.collection';

// create / update: the stock controller (the creator link follows Strapi's sanitising, backend.md §7.2)
module.exports = factories.createCoreController(UID, ({ strapi }) => ({
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
