'use strict';

const { factories } = require('@strapi/strapi');

const UID = 'api::user-avatar.user-avatar';

module.exports = factories.createCoreController(UID, ({ strapi }) => ({
  /**
   * The app filters avatars by user (`filters[users_permissions_user]=<id>`, backend.md #18)
   * without a token. Strapi 4.26 rejects filters on relations the caller may not `find`
   * (users), and Public must not list users; so that one filter is resolved here into
   * a filter on avatar ids and the rest goes through the standard controller.
   */
  async find(ctx) {
    const filters = ctx.query && ctx.query.filters;
    if (filters && typeof filters === 'object' && filters.users_permissions_user !== undefined) {
      const { users_permissions_user: raw, ...rest } = filters;
      let userId = raw;
      if (raw && typeof raw === 'object') userId = raw.$eq !== undefined ? raw.$eq : raw.id;
      if (userId && typeof userId === 'object') userId = userId.$eq;
      let ids = [];
      if (/^\d+$/.test(String(userId))) {
        const rows = await strapi.db
          .query(UID)
          .findMany({ where: { users_permissions_user: { id: Number(userId) } }, select: ['id'] });
        ids = rows.map((r) => r.id);
      }
      ctx.query = { ...ctx.query, filters: { ...rest, id: { $in: ids.length ? ids : [0] } } };
    }
    return super.find(ctx);
  },

  /**
   * Strapi 4.26 drops input relations to types the caller may not `find` (users), so the
   * owner link is set here, always to the signed-in user (the own-avatar policy has already
   * refused any other user id).
   */
  async create(ctx) {
    const response = await super.create(ctx);
    const id = response && response.data && response.data.id;
    if (id && ctx.state.user) {
      await strapi.db.query(UID).update({ where: { id }, data: { users_permissions_user: ctx.state.user.id } });
    }
    return response;
  },
}));
