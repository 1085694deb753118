'use strict';

const { getAddress } = require('ethers');

/**
 * Seed data (idempotent). Runs in bootstrap.
 *
 * - Fresh database: everything is created in a fixed order, so ids are stable:
 *   nft-statuses 1 Mint / 2 Buy Now / 3 Sold; categories 1 Art / 2 Music / 3 Nature / 4 Gaming;
 *   collections 1–6 = the chain collections (deployment file order, or built-in fakes),
 *   7–11 = CMS-only collections (7 has 60 NFTs → paging).
 * - Later starts: nothing is re-created. When the deployment file changed (new chain
 *   deploy), the chain collections' addresses and their NFTs' status/owner/price/item_id
 *   are re-synchronised from it. When the public URL changed, stored URLs are rewritten.
 */
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { artwork } = require('./png');
const { publicDir, publicUrl, deploymentFile } = require('./paths');

const SEED_VERSION = 1;
const ZERO = '0x0000000000000000000000000000000000000000';
// anvil dev accounts 1–3 (well-known public test addresses) used as fake owners without a deployment
const DEV = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
];

const STATUSES = [
  { Status: 'Mint', Description: 'Not minted yet: can be minted at the collection cost' },
  { Status: 'Buy Now', Description: 'Listed on the marketplace' },
  { Status: 'Sold', Description: 'Minted / bought / released: owned, not for sale' },
];
const CATEGORIES = ['Art', 'Music', 'Nature', 'Gaming'];

// presentation of the chain collections (by key); unknown keys get defaults
const CHAIN_LOOK = {
  'terra-genesis': { category: 'Nature', feature: true, hue: 120, desc: 'The first Terra Mater collection: living landscapes that fund reforestation.' },
  'amazon-canopy': { category: 'Nature', feature: true, hue: 95, desc: 'Portraits of the Amazon canopy, one tree at a time.' },
  'coral-guardians': { category: 'Art', feature: true, hue: 190, desc: 'Guardians of the reef, painted in light.' },
  'alpine-spirits': { category: 'Art', feature: true, hue: 220, desc: 'Spirits of the high mountains.' },
  'savanna-echoes': { category: 'Music', feature: false, hue: 40, desc: 'Sounds and rhythms of the savanna.' },
  'desert-bloom': { category: 'Gaming', feature: false, hue: 25, desc: 'Collectible desert flora for the Terra Mater game.' },
};

// built-in stand-in for the chain collections when no deployment file exists
function fakeDeployment() {
  const plan = [
    ['terra-genesis', 'Terra Genesis', 0, 25, ['minted:1', 'listed:2:30', 'minted:3', 'staked:1', 'listed:1:45', 'unminted', 'unminted', 'unminted']],
    ['amazon-canopy', 'Amazon Canopy', 1, 40, ['listed:3:55', 'minted:1', 'staked:2', 'minted:2', 'unminted', 'unminted']],
    ['coral-guardians', 'Coral Guardians', 2, 15, ['minted:2', 'minted:3', 'listed:2:20', 'unminted', 'unminted']],
    ['alpine-spirits', 'Alpine Spirits', 3, 60, ['minted:3', 'minted:1', 'staked:3', 'unminted', 'unminted']],
    ['savanna-echoes', 'Savanna Echoes', null, 10, ['listed:1:12.5', 'minted:2', 'minted:3', 'unminted', 'unminted']],
    ['desert-bloom', 'Desert Bloom', null, 5, ['minted:1', 'listed:3:8', 'minted:1', 'unminted', 'unminted', 'unminted']],
  ];
  let itemId = 0;
  return {
    fake: true,
    collections: plan.map(([key, name, pid, cost, tokens], ci) => ({
      key,
      name,
      pid,
      address: `0x${'c0'.repeat(19)}${String(ci + 1).padStart(2, '0')}`,
      cost: String(cost * 1e6),
      tokens: tokens.map((spec, i) => {
        const [state, holder, price] = spec.split(':');
        return {
          tokenId: i + 1,
          state,
          owner: holder ? DEV[Number(holder)] : null,
          itemId: state === 'listed' ? ++itemId : null,
          price: String(Math.round(Number(price || cost) * 1e6)),
        };
      }),
    })),
  };
}

function readDeployment(log) {
  const file = deploymentFile();
  if (!fs.existsSync(file)) {
    log(`seed: no deployment file at ${file}; using built-in fake contract addresses`);
    return { deployment: fakeDeployment(), hash: `fake-${SEED_VERSION}` };
  }
  const text = fs.readFileSync(file, 'utf8');
  const deployment = JSON.parse(text);
  const hash = crypto.createHash('sha256').update(text).update(String(fs.statSync(file).mtimeMs)).digest('hex');
  log(`seed: using deployment file ${file}`);
  return { deployment, hash };
}

const usdtHuman = (base) => Number(BigInt(base)) / 1e6;

const CMS_ONLY = [
  { key: 'pixel-forest', name: 'Pixel Forest', category: 'Gaming', status: 'Active', feature: false, hue: 140, count: 60, cost: 12,
    desc: 'Sixty hand-placed pixel trees for the Terra Mater game world.' },
  { key: 'rainforest-melodies', name: 'Rainforest Melodies', category: 'Music', status: 'Active', feature: false, hue: 160, count: 10, cost: 20,
    desc: 'Field recordings from the rainforest turned into collectible tracks.' },
  { key: 'glacier-dreams', name: 'Glacier Dreams', category: 'Art', status: 'Inactive', feature: false, hue: 200, count: 4, cost: 30,
    desc: 'Coming soon: ice sculptures from the last glaciers.' },
  { key: 'volcano-hearts', name: 'Volcano Hearts', category: 'Nature', status: 'Inactive', feature: false, hue: 5, count: 0, cost: 35,
    desc: 'Coming soon: the fire that makes new land.' },
  { key: 'mangrove-tales', name: 'Mangrove Tales', category: 'Gaming', status: 'Inactive', feature: false, hue: 80, count: 0, cost: 8,
    desc: 'Coming soon: quests in the mangrove forests.' },
];

const AUTHORS = [
  { username: 'Ana Verde', social: 'https://twitter.com/anaverde', wallet: DEV[1], followers: 1280, hue: 130 },
  { username: 'Kofi Mensah', social: 'https://instagram.com/kofimensah', wallet: DEV[2], followers: 860, hue: 30 },
  { username: 'Lea Sommer', social: 'https://twitter.com/leasommer', wallet: DEV[3], followers: 2310, hue: 260 },
];

const TRAITS = {
  Background: ['Forest', 'Ocean', 'Sunset', 'Night sky', 'Desert', 'Glacier'],
  Element: ['Earth', 'Water', 'Fire', 'Air'],
  Rarity: ['Common', 'Common', 'Uncommon', 'Rare', 'Epic', 'Legendary'],
};

function pick(list, n) {
  return list[n % list.length];
}

function createSeeder(strapi) {
  const log = (m) => strapi.log.info(m);
  const uploadsDir = path.join(publicDir(), 'uploads', 'seed');
  const origin = publicUrl();

  function writeImage(name, width, height, seed, hue) {
    fs.mkdirSync(uploadsDir, { recursive: true });
    const buf = artwork(width, height, seed, { hue });
    fs.writeFileSync(path.join(uploadsDir, name), buf);
    return { url: `${origin}/uploads/seed/${name}`, size: buf.length };
  }

  /**
   * The smaller copies Strapi's upload plugin makes of an uploaded image (its defaults: a thumbnail
   * inside 245×156, then large/medium/small inside 1000/750/500 px squares, each only when the
   * original is bigger), so seeded media carry `formats` as uploads on the deployed CMS do.
   */
  function mediaFormats(name, width, height, seed, hue) {
    const boxes = [
      ['thumbnail', 245, 156],
      ['large', 1000, 1000],
      ['medium', 750, 750],
      ['small', 500, 500],
    ];
    const formats = {};
    for (const [key, boxWidth, boxHeight] of boxes) {
      if (width <= boxWidth && height <= boxHeight) continue;
      const scale = Math.min(boxWidth / width, boxHeight / height);
      const w = Math.round(width * scale);
      const h = Math.round(height * scale);
      const { url, size } = writeImage(`${key}_${name}.png`, w, h, seed, hue);
      formats[key] = {
        name: `${key}_${name}.png`,
        hash: `seed/${key}_${name}`,
        ext: '.png',
        mime: 'image/png',
        path: null,
        width: w,
        height: h,
        size: Math.round((size / 1024) * 100) / 100,
        url,
      };
    }
    return Object.keys(formats).length > 0 ? formats : null;
  }

  async function mediaFile(name, width, height, seed, hue) {
    const { url, size } = writeImage(`${name}.png`, width, height, seed, hue);
    const file = await strapi.db.query('plugin::upload.file').create({
      data: {
        name: `${name}.png`,
        alternativeText: name,
        caption: name,
        width,
        height,
        formats: mediaFormats(name, width, height, seed, hue),
        hash: `seed/${name}`,
        ext: '.png',
        mime: 'image/png',
        size: Math.round((size / 1024) * 100) / 100,
        url,
        provider: 'local',
        folderPath: '/',
      },
    });
    return file.id;
  }

  const now = () => new Date();
  const create = (uid, data) => strapi.entityService.create(uid, { data: { publishedAt: now(), ...data } });

  async function createNft(col, token, { statusIds, authorId, n, history }) {
    const imgName = `nft-${col.key}-${token.tokenId}.png`;
    const { url } = writeImage(imgName, 240, 240, n * 7919 + token.tokenId, (col.hue + token.tokenId * 23) % 360);
    const nft = await create('api::nft-v1.nft-v1', {
      token_name: `${col.name} #${token.tokenId}`,
      title: `${col.name} #${token.tokenId}`,
      description: `${col.desc} Token #${token.tokenId} of ${col.name}.`,
      token_id: token.tokenId,
      token_standard: 'ERC721',
      img_url: url,
      price: token.priceHuman,
      owner: token.owner,
      item_id: token.itemId,
      nft_status: statusIds[token.status],
      views: (n * 37 + token.tokenId * 11) % 300,
      likes: (n * 13 + token.tokenId * 7) % 40,
      collection: col.id,
      author: authorId,
    });
    const traits = Object.entries(TRAITS).map(([Property, values], i) => ({
      Property,
      value: pick(values, token.tokenId * (i + 3) + n),
    }));
    for (const t of traits) await create('api::nft-prop.nft-prop', { ...t, nft_v_1: nft.id });
    for (const h of history) {
      await create('api::transaction.transaction', {
        collection: col.id,
        nft_v_1: nft.id,
        from_address: h.from,
        to_address: h.to,
        price: h.price,
        desc: h.desc,
      });
    }
    return nft;
  }

  // chain token → CMS fields
  function chainToken(col, t) {
    const cost = usdtHuman(col.cost);
    if (t.state === 'unminted') return { tokenId: t.tokenId, status: 1, owner: null, itemId: null, priceHuman: usdtHuman(t.price || col.cost) };
    if (t.state === 'listed') return { tokenId: t.tokenId, status: 2, owner: t.owner, itemId: t.itemId, priceHuman: usdtHuman(t.price) };
    return { tokenId: t.tokenId, status: 3, owner: t.owner, itemId: null, priceHuman: cost }; // minted / staked
  }

  function mintHistory(col, token) {
    if (token.status === 1 || !token.owner) return [];
    return [{ from: ZERO, to: token.owner, price: usdtHuman(col.cost), desc: 'Mint' }];
  }

  /**
   * The deployed data holds collection addresses in both spellings: checksummed (created by the
   * operators) and lower-case (created by the app from indexer data), backend.md §7.1. So does the
   * seed: odd positions checksummed (amazon-canopy, alpine-spirits, desert-bloom among the chain
   * collections), even ones lower-case.
   */
  function storedSpelling(address, ci) {
    return ci % 2 === 1 ? getAddress(address.toLowerCase()) : address.toLowerCase();
  }

  function chainDef(c) {
    const look = CHAIN_LOOK[c.key] || { category: 'Art', feature: false, hue: (c.name.length * 47) % 360, desc: `${c.name} collection.` };
    return { ...look, key: c.key, name: c.name, status: 'Active', chain: c };
  }

  // lookup tables of an existing database (ids by label)
  async function refs() {
    const statusIds = {};
    for (const [i, s] of STATUSES.entries()) {
      const row = await strapi.db.query('api::nft-status.nft-status').findOne({ where: { Status: s.Status } });
      statusIds[i + 1] = row ? row.id : i + 1;
    }
    const categoryIds = {};
    for (const c of CATEGORIES) {
      const row = await strapi.db.query('api::category.category').findOne({ where: { category: c } });
      if (row) categoryIds[c] = row.id;
    }
    const authorIds = (await strapi.db.query('api::author.author').findMany({ orderBy: { id: 'asc' }, select: ['id'] })).map((a) => a.id);
    const n = await strapi.db.query('api::nft-v1.nft-v1').count();
    return { statusIds, categoryIds, authorIds, n };
  }

  async function createCollection(def, ci, r) {
    const banner = await mediaFile(`collection-${def.key}-banner`, 1200, 300, 100 + ci, def.hue);
    const logo = await mediaFile(`collection-${def.key}-logo`, 320, 320, 200 + ci, def.hue);
    const address = storedSpelling(def.chain ? def.chain.address : `0x${'ce'.repeat(19)}${String(ci + 1).padStart(2, '0')}`, ci);
    const row = await create('api::collection.collection', {
      key: def.key,
      name: def.name,
      contract_address: address,
      chain_id: 137,
      chain_name: 'Polygon Mainnet',
      category: r.categoryIds[def.category],
      banner,
      feature_img: logo,
      status: def.status,
      feature: def.feature,
      desc: def.desc,
      detail_link: `https://terramaternfts.com/collections/${def.key}`,
      website: 'https://terramaternfts.com',
      etherscan: `https://polygonscan.com/address/${address}`,
      discord: 'https://discord.gg/terramater',
      twitter: 'https://twitter.com/terramaternfts',
      facebook: 'https://facebook.com/terramaternfts',
      telegram: 'https://t.me/terramaternfts',
    });
    const col = { ...def, id: row.id, ci, cost: def.chain ? def.chain.cost : String(def.cost * 1e6) };
    const tokens = def.chain
      ? def.chain.tokens.map((t) => chainToken(def.chain, t))
      : Array.from({ length: def.count }, (_, i) => ({
          tokenId: i + 1,
          status: 1,
          owner: null,
          itemId: null,
          priceHuman: def.cost,
        }));
    for (const token of tokens) await addNft(col, token, r);
    return col;
  }

  async function addNft(col, token, r) {
    r.n += 1;
    return createNft(col, token, {
      statusIds: r.statusIds,
      authorId: r.authorIds.length ? r.authorIds[col.ci % r.authorIds.length] : null,
      n: r.n,
      history: mintHistory(col, token),
    });
  }

  async function seedFresh(deployment) {
    const r = { statusIds: {}, categoryIds: {}, authorIds: [], n: 0 };
    for (const [i, s] of STATUSES.entries()) r.statusIds[i + 1] = (await create('api::nft-status.nft-status', s)).id;
    for (const c of CATEGORIES) r.categoryIds[c] = (await create('api::category.category', { category: c })).id;

    for (const [i, a] of AUTHORS.entries()) {
      const slug = a.username.toLowerCase().replace(/\W+/g, '-');
      const avatar = await mediaFile(`author-${slug}-avatar`, 160, 160, 500 + i, a.hue);
      const banner = await mediaFile(`author-${slug}-banner`, 900, 240, 600 + i, a.hue);
      const { hue, ...fields } = a;
      r.authorIds.push((await create('api::author.author', { ...fields, avatar, banner })).id);
    }

    const all = [...(deployment.collections || []).map(chainDef), ...CMS_ONLY];
    for (const [ci, def] of all.entries()) await createCollection(def, ci, r);

    await create('api::natura-balance.natura-balance', {
      team_natura_released: 1500000,
      incentive_program_released: 250000,
      rnd_release: 120000,
      reserve_natura_released: 500000,
    });
    log(`seed: created ${all.length} collections and ${r.n} NFTs`);
  }

  // a new chain deployment on an existing database: align chain collections and their NFTs,
  // adding collections / tokens the database does not have yet
  async function resync(deployment) {
    const r = await refs();
    const colCount = await strapi.db.query('api::collection.collection').count();
    for (const [i, c] of (deployment.collections || []).entries()) {
      const row = await strapi.db.query('api::collection.collection').findOne({ where: { key: c.key } });
      if (!row) {
        await createCollection(chainDef(c), colCount + i, r);
        log(`seed: added collection "${c.key}" from the deployment file`);
        continue;
      }
      await strapi.db
        .query('api::collection.collection')
        .update({ where: { id: row.id }, data: { contract_address: storedSpelling(c.address, i) } });
      const col = { ...chainDef(c), id: row.id, ci: i, cost: c.cost };
      for (const t of c.tokens) {
        const token = chainToken(c, t);
        const nft = await strapi.db
          .query('api::nft-v1.nft-v1')
          .findOne({ where: { collection: { id: row.id }, token_id: t.tokenId } });
        if (nft) {
          const data = { owner: token.owner, item_id: token.itemId, price: token.priceHuman, nft_status: r.statusIds[token.status] };
          await strapi.db.query('api::nft-v1.nft-v1').update({ where: { id: nft.id }, data });
        } else {
          await addNft(col, token, r);
        }
      }
    }
    log('seed: chain collections re-synchronised with the deployment file');
  }

  async function rewriteOrigin(oldOrigin) {
    const knex = strapi.db.connection;
    const rep = (table, col) =>
      knex(table).update({ [col]: knex.raw(`REPLACE(${col}, ?, ?)`, [oldOrigin, origin]) }).where(col, 'like', `${oldOrigin}%`);
    await rep('files', 'url');
    await rep('nft_v1s', 'img_url');
    log(`seed: stored URLs moved from ${oldOrigin} to ${origin}`);
  }

  async function run() {
    const store = strapi.store({ type: 'plugin', name: 'terra-seed', key: 'state' });
    const state = (await store.get()) || null;
    const { deployment, hash } = readDeployment(log);
    const statusCount = await strapi.db.query('api::nft-status.nft-status').count();
    if (!state || statusCount === 0) {
      await seedFresh(deployment);
    } else {
      if (state.origin && state.origin !== origin) await rewriteOrigin(state.origin);
      if (state.deploymentHash !== hash && !deployment.fake) await resync(deployment);
    }
    await store.set({ value: { version: SEED_VERSION, deploymentHash: hash, origin, at: new Date().toISOString() } });
  }

  return { run };
}

module.exports = { createSeeder, STATUSES, CATEGORIES };
