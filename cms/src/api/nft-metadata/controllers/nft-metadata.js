'use strict';

/**
 * GET /api/nft-metadata/:collectionKey/:tokenId — ERC-721 metadata for tokenURI
 * (docs/local-stack.md). Built from the CMS row of that token (drafts included);
 * a token id without a row in a known collection gets generic metadata.
 */
module.exports = ({ strapi }) => ({
  async findOne(ctx) {
    const { collectionKey } = ctx.params;
    const tokenId = String(ctx.params.tokenId).replace(/\.json$/i, '');
    if (!/^\d+$/.test(tokenId)) return ctx.badRequest('tokenId must be a non-negative integer');
    const collection = await strapi.db
      .query('api::collection.collection')
      .findOne({ where: { key: collectionKey }, populate: { feature_img: true } });
    if (!collection) return ctx.notFound(`Unknown collection "${collectionKey}"`);
    const nft = await strapi.db.query('api::nft-v1.nft-v1').findOne({
      where: { collection: { id: collection.id }, token_id: Number(tokenId) },
      populate: { props: { orderBy: { id: 'asc' } } },
    });
    if (!nft) {
      ctx.body = {
        name: `${collection.name} #${tokenId}`,
        description: collection.desc || collection.name,
        image: collection.feature_img ? collection.feature_img.url : null,
        attributes: [],
      };
      return;
    }
    ctx.body = {
      name: nft.token_name,
      description: nft.description,
      image: nft.img_url,
      attributes: (nft.props || []).map((p) => ({ trait_type: p.Property, value: p.value })),
    };
  },
});
