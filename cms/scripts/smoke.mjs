// Smoke check (npm run smoke in cms/): starts a fresh CMS through the harness on a free
// port with a throw-away data dir and hits every custom route. Exit code 1 on failure.
//   KEEP=1 keeps the data dir; DEPLOYMENT_FILE=… selects a deployment file.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureCmsInstalled, freePort, readOutbox, startCms } from '../harness.mjs';

const require = createRequire(import.meta.url);
const { Wallet } = require('ethers');
const { artwork } = require('../lib/png.js');
const artworkPng = () => artwork(64, 64, 42);

await ensureCmsInstalled({ log: console.log });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'terra-cms-smoke-'));
const t0 = Date.now();
const cms = await startCms({
  port: await freePort(),
  dataDir,
  fresh: true,
  deploymentFile: process.env.DEPLOYMENT_FILE || undefined,
  log: process.env.VERBOSE ? console.log : undefined,
});
console.log(`CMS up at ${cms.url} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
const B = cms.url;

async function call(method, p, { body, headers = {}, form } = {}) {
  const init = { method, headers: { ...headers } };
  if (form) init.body = form;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['content-type'] = 'application/json';
  }
  const res = await fetch(B + p, init);
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}
const get = (p, o) => call('GET', p, o);

let failed = 0;
let passed = 0;
async function check(name, fn) {
  try {
    await fn();
    passed += 1;
    console.log(`  ok   ${name}`);
  } catch (e) {
    failed += 1;
    console.log(`  FAIL ${name}\n       ${String(e.message).split('\n').join('\n       ')}`);
  }
}

try {
  await check('nft-statuses: 1 Mint, 2 Buy Now, 3 Sold', async () => {
    const r = await get('/api/nft-statuses');
    assert.deepEqual(
      r.json.data.map((s) => [s.id, s.attributes.Status]),
      [[1, 'Mint'], [2, 'Buy Now'], [3, 'Sold']],
    );
  });
  await check('categories', async () => {
    const r = await get('/api/categories');
    assert.deepEqual(r.json.data.map((c) => c.attributes.category), ['Art', 'Music', 'Nature', 'Gaming']);
  });
  await check('collections: status filter + feature (home New Release); lower-case `active` matches nothing (SQLite)', async () => {
    const r = await get('/api/collections?populate=*&filters[status]=Active&filters[feature]=true&');
    assert.ok(r.json.data.length >= 3);
    // Compared as SQLite compares (backend.md §7.1): only MySQL's collation lets `active` match `Active`.
    assert.equal((await get('/api/collections?filters[status]=active')).json.data.length, 0);
    assert.ok((await get('/api/collections?filters[status][$eqi]=active')).json.data.length >= 3);
    for (const c of r.json.data) {
      assert.equal(c.attributes.status, 'Active');
      assert.match(c.attributes.feature_img.data.attributes.url, /^http:\/\/127\.0\.0\.1:\d+\/uploads\//);
    }
  });
  await check('collections: inactive (Coming Soon) and hero limit=1', async () => {
    const r = await get('/api/collections?populate=*&filters[status]=Inactive');
    assert.ok(r.json.data.length >= 1);
    const h = await get('/api/collections?populate=*&filters[status]=Active&sort[1]=createdAt:desc&pagination[limit]=1');
    assert.equal(h.json.data.length, 1);
    assert.deepEqual(Object.keys(h.json.meta.pagination).sort(), ['limit', 'start', 'total']);
  });
  await check('media URL is served', async () => {
    const r = await get('/api/collections?populate=*&filters[status]=Active');
    const url = r.json.data[0].attributes.banner.data.attributes.url;
    const img = await fetch(url);
    assert.equal(img.status, 200);
    assert.equal(img.headers.get('content-type'), 'image/png');
  });
  await check('get_collection: bare array, flat, media populated', async () => {
    const all = await get('/api/collections/get_collection');
    assert.ok(Array.isArray(all.json) && all.json.length >= 8);
    const one = await get('/api/collections/get_collection?id=1');
    assert.equal(one.json.length, 1);
    assert.equal(one.json[0].id, 1);
    assert.equal(typeof one.json[0].banner.url, 'string');
    assert.equal(one.json[0].key, undefined);
  });
  let bigCollection;
  await check('nft-v1s list: 24 per page, flat, meta {page,pageSize,pageCount,total}', async () => {
    const cols = await get('/api/collections/get_collection');
    for (const c of cols.json) {
      const r = await get(`/api/nft-v1s?page=1&collectionId=${c.id}`);
      if (r.json.meta.total > 24) bigCollection = c.id;
    }
    assert.ok(bigCollection, 'a collection with more than 24 NFTs');
    const p1 = await get(`/api/nft-v1s?page=1&collectionId=${bigCollection}&`);
    assert.equal(p1.json.data.length, 24);
    assert.equal(p1.json.meta.pageSize, 24);
    assert.equal(p1.json.meta.pageCount, Math.ceil(p1.json.meta.total / 24));
    const n = p1.json.data[0];
    for (const k of ['id', 'token_name', 'img_url', 'price', 'likes', 'token_id', 'views']) assert.ok(k in n, k);
    assert.equal(typeof n.collection.name, 'string');
    assert.equal(typeof n.nft_status.Status, 'string');
    const p2 = await get(`/api/nft-v1s?page=2&collectionId=${bigCollection}`);
    assert.ok(p2.json.data[0].token_id > p1.json.data[23].token_id);
  });
  await check('nft-v1s list: statuses filter', async () => {
    const r = await get(`/api/nft-v1s?collectionId=1&statuses=${encodeURIComponent('["2"]')}`);
    assert.ok(r.json.data.length >= 1);
    for (const n of r.json.data) assert.equal(n.nft_status.id, 2);
  });
  await check('nft-v1s list: malformed statuses → 400 with message', async () => {
    for (const bad of ['nope', '{"a":1}', '["x"]']) {
      const r = await get(`/api/nft-v1s?statuses=${encodeURIComponent(bad)}`);
      assert.equal(r.status, 400, bad);
      assert.match(r.json.error.message, /statuses/);
    }
  });
  await check('nft-v1s/:id flat with props; unknown → 200 {props: []} (as deployed)', async () => {
    const r = await get('/api/nft-v1s/1?populate=collection,nft_status,collection.feature_img,transaction');
    assert.equal(r.json.id, 1);
    assert.ok(Array.isArray(r.json.props) && r.json.props.length > 0);
    assert.ok('Property' in r.json.props[0] && 'value' in r.json.props[0]);
    assert.equal(typeof r.json.collection.category.category, 'string');
    const unknown = await get('/api/nft-v1s/999999');
    assert.equal(unknown.status, 200);
    assert.deepEqual(unknown.json, { props: [] });
  });
  await check('fwfilters: case-insensitive contains, unpaged', async () => {
    const one = await get('/api/nft-v1s/1');
    const name = one.json.token_name;
    const r = await get(
      `/api/nft-v1s/fwfilters?collectionId=${one.json.collection.id}&searchtxt=${encodeURIComponent(name.toUpperCase())}`,
    );
    assert.ok(r.json.data.some((n) => n.id === 1));
    assert.equal(r.json.meta.total, r.json.data.length);
    assert.equal(r.json.meta.pageCount, 1);
    const big = await get(`/api/nft-v1s/fwfilters?collectionId=${bigCollection}&searchtxt=`);
    assert.ok(big.json.data.length > 24);
  });
  await check('/api/nft standard alias: filters, populate, total; unknown filter key → 400', async () => {
    const r = await get('/api/nft?filters[collection]=1');
    assert.ok(r.json.meta.pagination.total > 0);
    assert.ok(r.json.data[0].attributes);
    const listed = await get('/api/nft?filters[$and][0][nft_status]=2&populate=*');
    assert.ok(listed.json.data.length > 0);
    const owner = listed.json.data[0].attributes.owner;
    const byOwner = await get(
      `/api/nft?filters[$and][0][owner][$eqi]=${owner.toLowerCase()}&filters[$and][1][nft_status]=2&populate=*`,
    );
    assert.ok(byOwner.json.data.length > 0, 'owner $eqi filter is case-insensitive');
    assert.equal(typeof byOwner.json.data[0].attributes.collection.data.attributes.name, 'string');
    const tok = await get('/api/nft?filters[$and][0][collection]=1&filters[$and][1][token_id]=1');
    assert.equal(tok.json.data.length, 1);
    // Strapi's answer to a filter on an attribute the type lacks (the deployed CMS: `author`).
    const unknown = await get('/api/nft?filters[no_such_field][id][$eq]=1');
    assert.equal(unknown.status, 400);
    assert.equal(unknown.json.error.name, 'ValidationError');
    assert.equal(unknown.json.error.message, 'Invalid parameter no_such_field');
  });
  await check('transactions, natura-balances, authors', async () => {
    const t = await get('/api/transactions?filters[collection]=1&sort[0]=publishedAt:desc&sort[1]=price:asc');
    assert.ok(t.json.data.length > 0);
    const nb = await get('/api/natura-balances');
    assert.equal(typeof nb.json.data[0].attributes.team_natura_released, 'number');
    const a = await get('/api/authors?filters[id][$eq]=1&populate=*');
    assert.equal(a.json.data.length, 1);
  });
  await check('nft-metadata', async () => {
    const cols = await get('/api/collections/get_collection?id=1');
    assert.ok(cols.json[0]);
    const dep = process.env.DEPLOYMENT_FILE || path.resolve('..', 'contracts', 'deployments', 'local.json');
    const key = fs.existsSync(dep) ? JSON.parse(fs.readFileSync(dep, 'utf8')).collections[0].key : 'terra-genesis';
    const m = await get(`/api/nft-metadata/${key}/1`);
    assert.equal(m.status, 200);
    assert.deepEqual(Object.keys(m.json).sort(), ['attributes', 'description', 'image', 'name']);
    assert.ok(m.json.attributes.length > 0 && 'trait_type' in m.json.attributes[0]);
    assert.equal((await get('/api/nft-metadata/no-such-collection/1')).status, 404);
  });

  // ---- wallet sign-in
  const wallet = Wallet.createRandom();
  let jwt;
  let user;
  await check('webthree-auth: invalid address → 200 {success:false}', async () => {
    const r = await get('/webthree-auth/token/not-an-address');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, { success: false, error: 'Invalid address' });
  });
  await check('webthree-auth: token + authenticate → {jwt, user}; token rotated', async () => {
    const t = await get(`/webthree-auth/token/${wallet.address.toLowerCase()}`);
    assert.match(t.json.token, /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}$/);
    const sig = await wallet.signMessage(`Your authentication token : ${t.json.token}`);
    const a = await get(`/webthree-auth/authenticate/${wallet.address}/${sig}`);
    assert.ok(a.json.jwt);
    jwt = a.json.jwt;
    user = a.json.user;
    assert.equal(user.address, wallet.address);
    assert.equal(user.confirmed, true);
    assert.equal(user.token, undefined);
    assert.deepEqual(
      Object.keys(user).sort(),
      ['address', 'blocked', 'confirmed', 'createdAt', 'email', 'id', 'provider', 'updatedAt', 'username'],
    );
    const replay = await get(`/webthree-auth/authenticate/${wallet.address}/${sig}`);
    assert.deepEqual(replay.json, { success: false, error: 'Invalid signature' });
    const missing = await get(`/webthree-auth/authenticate/${Wallet.createRandom().address}/${sig}`);
    assert.deepEqual(missing.json, { success: false, error: 'User not found' });
  });
  const A = () => ({ authorization: `Bearer ${jwt}` });

  // ---- writes
  await check('PUT nft-v1s: no anonymous update at all (views/likes +1 included); a bad token 401; with the JWT +1 works', async () => {
    const cur = (await get('/api/nft-v1s/2')).json;
    for (const data of [{ views: cur.views + 1 }, { likes: cur.likes + 1 }, { owner: wallet.address }]) {
      assert.equal((await call('PUT', '/api/nft-v1s/2', { body: { data } })).status, 403, JSON.stringify(data));
    }
    const badToken = await call('PUT', '/api/nft-v1s/2', {
      body: { data: { views: cur.views + 1 } },
      headers: { authorization: 'Bearer null' },
    });
    assert.equal(badToken.status, 401);
    const ok = await call('PUT', '/api/nft-v1s/2', { headers: A(), body: { data: { views: cur.views + 1 } } });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.data.attributes.views, cur.views + 1);
  });
  await check('authenticated writes: transaction, nft update/create, collection create', async () => {
    const tx = await call('POST', '/api/transactions', {
      headers: A(),
      body: {
        data: {
          collection: 1, nft_v_1: 1, from_address: '0x0000000000000000000000000000000000000000',
          to_address: wallet.address, price: '25', desc: 'Mint',
        },
      },
    });
    assert.equal(tx.status, 200, tx.text);
    const upd = await call('PUT', '/api/nft-v1s/1', { headers: A(), body: { data: { owner: wallet.address, nft_status: 3 } } });
    assert.equal(upd.status, 200, upd.text);
    const col = await call('POST', '/api/collections', {
      headers: A(),
      body: {
        data: {
          name: 'Smoke', contract_address: '0x00000000000000000000000000000000000000aa', chain_id: 137,
          chain_name: 'Polygon Mainnet', status: 'Active', desc: 'd', users_permissions_user: user.id, category: 1,
        },
      },
    });
    assert.equal(col.status, 200, col.text);
    const nft = await call('POST', '/api/nft-v1s', {
      headers: A(),
      body: {
        data: {
          token_name: 'Smoke #1', owner: wallet.address, views: 0, price: 5, likes: 0, description: 'd', token_id: 1,
          token_standard: 'ERC721', img_url: 'https://ipfs.io/ipfs/x', item_id: 99, collection: col.json.data.id, nft_status: 2,
        },
      },
    });
    assert.equal(nft.status, 200, nft.text);
    const anon = await call('POST', '/api/transactions', { body: { data: { desc: 'x' } } });
    assert.equal(anon.status, 403);
  });

  // ---- avatar
  await check('user-avatar: create with image, replace, delete; other users and non-images refused', async () => {
    const png = artworkPng();
    const form = new FormData();
    form.append('data', JSON.stringify({ users_permissions_user: user.id }));
    form.append('files.avatar', new Blob([png], { type: 'image/png' }), 'me.png');
    const created = await call('POST', '/api/user-avatars', { headers: A(), form });
    assert.equal(created.status, 200, created.text);
    const list = await get(`/api/user-avatars?populate=*&filters[users_permissions_user]=${user.id}`, { headers: A() });
    assert.equal(list.json.data.length, 1);
    const avatar = list.json.data[0];
    const fileId = avatar.attributes.avatar.data.id;
    assert.match(avatar.attributes.avatar.data.attributes.url, /^http:\/\//);
    assert.equal((await get(`/api/user-avatars?filters[users_permissions_user]=999999`, { headers: A() })).json.data.length, 0);
    // Public may not find users: the same lookup without the bearer is Strapi's 400 (backend.md §7.2).
    assert.equal((await get(`/api/user-avatars?filters[users_permissions_user]=${user.id}`)).status, 400);

    const notImage = new FormData();
    notImage.append('files', new Blob(['hello'], { type: 'text/plain' }), 'a.txt');
    notImage.append('ref', 'api::user-avatar.user-avatar');
    notImage.append('refId', String(avatar.id));
    notImage.append('field', 'avatar');
    const rejected = await call('POST', '/api/upload', { headers: A(), form: notImage });
    assert.equal(rejected.status, 400, rejected.text);
    assert.match(rejected.json.error.message, /image/i);

    const del = await call('DELETE', `/api/upload/files/${fileId}`, { headers: A() });
    assert.equal(del.status, 200, del.text);
    const up = new FormData();
    up.append('files', new Blob([png], { type: 'image/png' }), 'new.png');
    up.append('ref', 'api::user-avatar.user-avatar');
    up.append('refId', String(avatar.id));
    up.append('field', 'avatar');
    const uploaded = await call('POST', '/api/upload', { headers: A(), form: up });
    assert.equal(uploaded.status, 200, uploaded.text);
    const after = await get(`/api/user-avatars?populate=*&filters[users_permissions_user]=${user.id}`, { headers: A() });
    assert.equal(after.json.data[0].attributes.avatar.data.id, uploaded.json[0].id);

    // a second user may not touch the first user's avatar
    const other = Wallet.createRandom();
    const t = await get(`/webthree-auth/token/${other.address}`);
    const sig = await other.signMessage(`Your authentication token : ${t.json.token}`);
    const a2 = await get(`/webthree-auth/authenticate/${other.address}/${sig}`);
    const H2 = { authorization: `Bearer ${a2.json.jwt}` };
    const steal = await call('DELETE', `/api/upload/files/${uploaded.json[0].id}`, { headers: H2 });
    assert.equal(steal.status, 403, steal.text);
    const up2 = new FormData();
    up2.append('files', new Blob([png], { type: 'image/png' }), 'x.png');
    up2.append('ref', 'api::user-avatar.user-avatar');
    up2.append('refId', String(avatar.id));
    up2.append('field', 'avatar');
    assert.equal((await call('POST', '/api/upload', { headers: H2, form: up2 })).status, 403);
    assert.equal((await call('DELETE', `/api/user-avatars/${avatar.id}`, { headers: H2 })).status, 403);
  });

  // ---- e-mail → outbox
  await check('email + email-attachment → local outbox; other recipients 400', async () => {
    const contact = await call('POST', '/api/email', {
      body: { to: 'info@terramaternfts.com', subject: 'CONTACT US FORM', html: '<p>Email: a@b.c</p><p>Note: hi</p>' },
    });
    assert.equal(contact.status, 200, contact.text);
    const relay = await call('POST', '/api/email', {
      body: { to: 'someone@example.com', subject: 'CONTACT US FORM', html: 'x' },
    });
    assert.equal(relay.status, 400);
    const subj = await call('POST', '/api/email', {
      body: { to: 'info@terramaternfts.com', subject: 'Buy cheap', html: 'x' },
    });
    assert.equal(subj.status, 400);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: 'Ada', surname: 'Lovelace', email: 'ada@example.com', phone: '123', desc: 'A project',
      ref_link: 'https://example.com', to: 'info@terramaternfts.com',
    })) form.append(k, v);
    form.append('attachment', new Blob(['%PDF-1.4 plan'], { type: 'application/pdf' }), 'plan.pdf');
    const att = await call('POST', '/api/email-attachment', { form });
    assert.equal(att.status, 200);
    assert.deepEqual(att.json, {}); // backend.md §7.4: `{}` even when sent
    const bad = new FormData();
    bad.append('to', 'x@example.com');
    bad.append('attachment', new Blob(['x'], { type: 'text/plain' }), 'x.txt');
    assert.equal((await call('POST', '/api/email-attachment', { form: bad })).status, 400);
    // As deployed: no file part named attachment (here a text field) → 200 {} and nothing sent.
    const noFile = new FormData();
    noFile.append('name', 'Ada');
    noFile.append('attachment', '');
    const lost = await call('POST', '/api/email-attachment', { form: noFile });
    assert.equal(lost.status, 200);
    assert.deepEqual(lost.json, {});
    const mails = await readOutbox(B);
    assert.equal(mails.length, 2);
    assert.equal(mails[0].subject, 'CONTACT US FORM');
    assert.equal(mails[1].subject, 'Do you have Project Form');
    assert.match(mails[1].html, /<p>Surame: Lovelace<\/p>/);
    assert.deepEqual(mails[1].attachments, [{ filename: 'plan.pdf', size: 13, contentType: 'application/pdf' }]);
  });
} finally {
  await cms.stop();
  if (!process.env.KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
