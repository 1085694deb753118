'use strict';

/**
 * nft-v1 controller: the deployed CMS overrides `find` and `findOne` with
 * hand-written queries through the low-level query engine (drafts included,
 * flat output) and adds `fwfilters`. See docs backend.md §4.1–4.3.
 */
const { factories } = require('@strapi/strapi');

const UID = 'api::nft-v1.nft-v1';
const PAGE_SIZE = 24;

const populate = {
  collection: { populate: { category: true, banner: true, feature_img: true } },
  nft_status: true,
  author: { populate: { avatar: true } },
};

function isIntString(v) {
  return (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^\d+$/.test(v.trim()));
}

// `statuses` is a JSON array string (e.g. ["1","2"]); returns ids or throws a message
function parseStatuses(raw) {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string') {
    throw new Error('statuses must be a JSON array string of status ids, e.g. statuses=["1","2"]');
  }
  let parsed;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`statuses is not valid JSON: expected a JSON array of status ids, e.g. statuses=["1","2"]`);
  }
  if (!Array.isArray(parsed) || !parsed.every(isIntString)) {
    throw new Error('statuses must be a JSON array of status ids (numbers or numeric strings), e.g. statuses=["1","2"]');
  }
  return parsed.map((v) => Number(v));
}

// the collection's private seed key is not part of the deployed shape
function clean(nft) {
  if (nft && nft.collection && typeof nft.collection === 'object') {
    const { key, ...collection } = nft.collection;
    return { ...nft, collection };
  }
  return nft;
}

module.exports = factories.createCoreController(UID, ({ strapi }) => ({
  // GET /api/nft-v1s?page=&collectionId=&statuses=
  async find(ctx) {
    const { page: rawPage, collectionId, statuses: rawStatuses } = ctx.query;
    let page = 1;
    if (rawPage !== undefined && rawPage !== '') {
      if (!isIntString(rawPage) || Number(rawPage) < 1) {
        return ctx.badRequest('page must be a positive integer');
      }
      page = Number(rawPage);
    }
    if (collectionId !== undefined && collectionId !== '' && !isIntString(collectionId)) {
      return ctx.badRequest('collectionId must be a numeric collection id');
    }
    let statuses;
    try {
      statuses = parseStatuses(rawStatuses);
    } catch (e) {
      return ctx.badRequest(e.message);
    }

    const where = {};
    if (collectionId !== undefined && collectionId !== '') where.collection = { id: Number(collectionId) };
    if (statuses && statuses.length > 0) where.nft_status = { id: { $in: statuses } };

    const query = strapi.db.query(UID);
    const [data, total] = await Promise.all([
      query.findMany({
        where,
        populate,
        orderBy: [{ token_id: 'asc' }, { id: 'asc' }],
        offset: (page - 1) * PAGE_SIZE,
        limit: PAGE_SIZE,
      }),
      query.count({ where }),
    ]);
    ctx.body = {
      data: data.map(clean),
      meta: {
        // the deployed CMS echoes the raw query value (a string when given)
        page: rawPage !== undefined && rawPage !== '' ? rawPage : 1,
        pageSize: PAGE_SIZE,
        pageCount: Math.ceil(total / PAGE_SIZE),
        total,
      },
    };
  },

  // GET /api/nft-v1s/:id — flat, with props; query parameters are ignored. The deployed
  // controller spreads whatever the lookup found into `{ ...entity, props }`, so an id it does
  // not have answers 200 `{ props: [] }`, never 404 — reproduced here.
  async findOne(ctx) {
    const { id } = ctx.params;
    const nft = isIntString(id) ? await strapi.db.query(UID).findOne({ where: { id: Number(id) }, populate }) : null;
    if (!nft) {
      ctx.body = { props: [] };
      return;
    }
    const props = await strapi.db.query('api::nft-prop.nft-prop').findMany({
      where: { nft_v_1: { id: nft.id } },
      orderBy: { id: 'asc' },
    });
    ctx.body = { ...clean(nft), props };
  },

  // GET /api/nft-v1s/fwfilters?collectionId=&searchtxt=
  async fwfilters(ctx) {
    const { collectionId, searchtxt } = ctx.query;
    if (collectionId !== undefined && collectionId !== '' && !isIntString(collectionId)) {
      return ctx.badRequest('collectionId must be a numeric collection id');
    }
    const where = {};
    if (collectionId !== undefined && collectionId !== '') where.collection = { id: Number(collectionId) };
    if (typeof searchtxt === 'string' && searchtxt !== '') where.token_name = { $containsi: searchtxt };
    const data = await strapi.db.query(UID).findMany({
      where,
      populate,
      orderBy: [{ token_id: 'asc' }, { id: 'asc' }],
    });
    ctx.body = {
      data: data.map(clean),
      meta: { page: 1, pageSize: data.length, pageCount: 1, total: data.length },
    };
  },
}));
