import { Contract, JsonRpcProvider, type Provider, type TransactionReceipt } from 'ethers';
import { deployment, stackInfo } from '../fixtures.ts';
import { NFT_COLLECTION_ABI } from './abis.ts';

/**
 * Facts the e2e specs compare the screens with, read straight from the running stack (the CMS
 * REST API and the chain) rather than written into the tests.
 */

/**
 * The receipt of a transaction the spec sent itself, asked for every 100 ms. Not ethers'
 * `tx.wait()`: after its first looks it re-checks only on a new block, and anvil mines none until
 * the next transaction, so a block mined in that gap is never seen (src/lib/tx/receipt.ts).
 */
export async function mined(provider: Provider, hash: string, timeoutMs = 30_000): Promise<TransactionReceipt> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await provider.getTransactionReceipt(hash);
    if (receipt) return receipt;
    if (Date.now() > until) throw new Error(`transaction ${hash} was not mined within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** GET `<cms><path>` as JSON (with the user's bearer when `jwt` is given); fails the test on a non-2xx answer. */
export async function cmsGet<T = unknown>(path: string, jwt?: string): Promise<T> {
  const response = await fetch(
    `${stackInfo().cmsUrl}${path}`,
    jwt ? { headers: { Authorization: `Bearer ${jwt}` } } : {},
  );
  if (!response.ok) throw new Error(`CMS GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A Strapi v4 standard list entry. */
export interface Entry<A> {
  id: number;
  attributes: A;
}

export interface StandardList<A> {
  data: Entry<A>[];
  meta: { pagination: { total: number } };
}

/** The flat record of `GET /api/nft-v1s/:id` (custom controller). */
export interface FlatNft {
  id: number;
  token_name: string;
  token_id: number;
  price: string | number;
  views: number;
  likes: number;
  owner: string | null;
  description: string;
  token_standard: string;
  nft_status: { id: number; Status: string } | null;
  collection: { id: number; name: string; contract_address: string; chain_name: string } | null;
  props: { id: number; Property: string; value: string }[];
}

export const getNft = (id: number) => cmsGet<FlatNft>(`/api/nft-v1s/${id}`);

/** The CMS NFT row of one token of one collection (standard list, published rows). */
export async function nftIdOf(collectionId: number, tokenId: number): Promise<number> {
  const list = await cmsGet<StandardList<unknown>>(
    `/api/nft?filters[collection][id][$eq]=${collectionId}&filters[token_id][$eq]=${tokenId}`,
  );
  const row = list.data[0];
  if (!row || list.data.length !== 1)
    throw new Error(`expected one CMS NFT for collection ${collectionId} token ${tokenId}, got ${list.data.length}`);
  return row.id;
}

export interface CollectionAttributes {
  name: string;
  createdAt: string;
  contract_address: string;
  status: string;
  feature: boolean;
  chain_name: string;
  publishedAt: string;
  desc: string | null;
  detail_link: string | null;
  website: string | null;
  etherscan: string | null;
  discord: string | null;
  twitter: string | null;
  facebook: string | null;
  telegram: string | null;
  category: { data: Entry<{ category: string }> | null };
}

export async function collectionByAddress(address: string): Promise<Entry<CollectionAttributes>> {
  const list = await cmsGet<StandardList<CollectionAttributes>>(
    `/api/collections?filters[contract_address][$eqi]=${address}&populate=category&sort[0]=id:asc`,
  );
  const row = list.data[0];
  if (!row) throw new Error(`no CMS collection with contract ${address}`);
  return row;
}

/**
 * The ids of the verified rows: for each deployed collection, the CMS row the seed made for it (the lowest id
 * with its contract), which the local stack configures as VITE_VERIFIED_COLLECTIONS (scripts/stack/stack.ts).
 */
async function verifiedRowIds(): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const collection of deployment().collections)
    ids.set(collection.address.toLowerCase(), (await collectionByAddress(collection.address)).id);
  return ids;
}

/**
 * The collection the home hero shows: the newest active verified row (src/features/collections/api/get-hero-collection.ts).
 * Rows made by other specs or by the seed without a deployed contract are not verified, however new.
 */
export async function newestVerifiedCollection(): Promise<Entry<CollectionAttributes>> {
  const rows = await Promise.all(deployment().collections.map((collection) => collectionByAddress(collection.address)));
  const newest = rows
    .filter((row) => row.attributes.status === 'Active')
    .sort((a, b) => Date.parse(b.attributes.createdAt) - Date.parse(a.attributes.createdAt))[0];
  if (!newest) throw new Error('no active verified collection in the CMS');
  return newest;
}

/**
 * Whether the app leaves a CMS collection row out of New Release and the dashboard table (deployed-system.md §C9.6):
 * it claims a deployed collection's contract without being that contract's verified row. (The e2e specs
 * make no other kind of imitation: a look-alike name always comes with a claimed contract here.)
 */
export async function copiesOfVerified(): Promise<(row: Entry<{ contract_address: string | null }>) => boolean> {
  const verified = await verifiedRowIds();
  return (row) => {
    const id = verified.get(row.attributes.contract_address?.toLowerCase() ?? '');
    return id !== undefined && id !== row.id;
  };
}

/** A CMS name as the app shows it: without bidi controls and zero-width characters (src/lib/cms/display-text.ts). */
export function shownName(name: string): string {
  return name.replace(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/g, '');
}

/** `1234500` base units → "1.235" (prices are shown in USDT with 3 decimals). */
export function usdt3(base: string | bigint): string {
  const value = BigInt(base);
  const thousandths = (value + 500n) / 1000n;
  return `${thousandths / 1000n}.${(thousandths % 1000n).toString().padStart(3, '0')}`;
}

/** A human CMS price (decimal string or number) → the same 3-decimal form. */
export function human3(price: string | number): string {
  return Number(price).toFixed(3);
}

/** "0x1a2....9f8e7": first 5 and last 5 characters. */
export function short(address: string): string {
  return `${address.slice(0, 5)}....${address.slice(-5)}`;
}

/** The owner the chain reports for a token (what the detail page must show). */
export async function chainOwnerOf(contract: string, tokenId: number): Promise<string> {
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, 31337, { staticNetwork: true });
  try {
    const nft = new Contract(contract, NFT_COLLECTION_ABI, provider);
    return (await nft.getFunction('ownerOf')(tokenId)) as string;
  } finally {
    provider.destroy();
  }
}

/** Every e-mail the local CMS has "sent" (GET /api/local-outbox). */
export interface OutboxMessage {
  id: string;
  createdAt: string;
  to: string;
  subject: string | null;
  html: string | null;
  text: string | null;
  attachments: { filename: string | null; size: number | null; contentType: string | null }[];
}

export async function outbox(): Promise<OutboxMessage[]> {
  return (await cmsGet<{ data: OutboxMessage[] }>('/api/local-outbox')).data;
}

/** What the forms must do with user input before it goes into the e-mail HTML. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The local CMS's switches (cms/lib/mode.js). */
export interface CmsMode {
  userFind: boolean;
  naturaBalance: boolean;
}

/**
 * Switches the shared local CMS to another mode (`PUT /api/local-mode`, cms/README.md "Modes") and
 * resolves to a function that puts the previous mode back. The e2e stack is one CMS for every spec
 * and the tests run one at a time, so a test switches, asserts and restores in `finally`.
 */
export async function switchCmsMode(changes: Partial<CmsMode>): Promise<() => Promise<void>> {
  const put = async (body: Partial<CmsMode>) => {
    const response = await fetch(`${stackInfo().cmsUrl}/api/local-mode`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`CMS PUT /api/local-mode answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: CmsMode }).data;
  };
  const before = await put({});
  await put(changes);
  return async () => {
    await put(before);
  };
}
