import type { z } from 'zod/mini';
import { NATURA_DECIMALS, USDT_DECIMALS } from '@/config/tokens';
import { parseAddress } from '@/lib/chain/addresses';
import type { CmsClient } from '@/lib/cms/client';
import { AppError } from '@/lib/errors/app-error';
// Names shown on screen lose their hidden bidi / zero-width characters here, once (deployed-system.md §C9.6).
import { withoutHiddenControls as visibleName } from '@/lib/cms/display-text';
import {
  wireAuthor,
  wireCategory,
  wireCollection,
  wireFlatList,
  wireNaturaBalance,
  wireNft,
  wireNftStatus,
  wireStandardList,
  wireTransaction,
  wireUserAvatar,
  type WireCollection,
  type WireMedia,
} from '@/lib/cms/schemas';
import type {
  Author,
  Category,
  Collection,
  NaturaBalances,
  Nft,
  NftStatus,
  Page,
  Transaction,
  UserAvatar,
} from '@/lib/cms/types';

/**
 * The one place where CMS answers become domain types. Strapi's standard shape and the custom
 * routes' flat objects are first made alike (`flattenStrapi`), then validated and mapped.
 */

export interface ParseContext {
  /** CMS origin, to resolve relative `/uploads/…` media urls (local upload provider). */
  baseUrl: string;
}

export function cmsContext(client: CmsClient): ParseContext {
  return { baseUrl: (client.defaults.baseURL ?? '').replace(/\/+$/, '') };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Turns Strapi v4's `{ id, attributes: {…} }` into `{ id, … }` and every populated relation or
 * media `{ data: X }` into X, recursively. Flat objects pass through unchanged, so both shapes
 * meet the same schema afterwards.
 */
export function flattenStrapi(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(flattenStrapi);
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === 'data') return flattenStrapi(value.data);
  if ('attributes' in value && isRecord(value.attributes)) {
    const { attributes, ...rest } = value;
    return flattenStrapi({ ...rest, ...attributes });
  }
  const result: Record<string, unknown> = {};
  for (const key of keys) result[key] = flattenStrapi(value[key]);
  return result;
}

function invalid(what: string, cause?: unknown): AppError {
  return new AppError('invalid-response', `The CMS answered with an unexpected ${what}.`, { cause, reason: what });
}

/**
 * Rows left out of lists because they failed their schema, by the kind of row that failed ('NFT',
 * 'transaction', 'collection'…). Anyone with a CMS login can write a row the app cannot read (a price of
 * -1, more decimals than USDT has): that row is dropped and counted, the rest of its list is shown.
 */
const droppedRows = new Map<string, number>();

/** How many rows of `kind` the lists have dropped so far (all kinds when omitted): for tests and diagnosis. */
export function droppedCmsRowCount(kind?: string): number {
  if (kind !== undefined) return droppedRows.get(kind) ?? 0;
  let total = 0;
  for (const count of droppedRows.values()) total += count;
  return total;
}

/** Starts the dropped-row count again (tests, between cases). */
export function resetDroppedCmsRows(): void {
  droppedRows.clear();
}

/**
 * The one row-by-row mapping of every CMS list: a row whose schema or value check fails
 * (`invalid-response`) is left out and counted, with a console warning in development builds; any
 * other failure is a bug and still throws.
 */
function mapRows<T>(rows: readonly unknown[], mapItem: (raw: unknown) => T): { items: T[]; dropped: number } {
  const items: T[] = [];
  let dropped = 0;
  for (const row of rows) {
    try {
      items.push(mapItem(row));
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== 'invalid-response') throw error;
      dropped += 1;
      const kind = error.details.reason ?? 'row';
      droppedRows.set(kind, (droppedRows.get(kind) ?? 0) + 1);
      if (import.meta.env.DEV) {
        const id = isRecord(row) && typeof row.id === 'number' ? row.id : '?';
        console.warn(`CMS: left out ${kind} row ${id} that failed its schema.`, error.details.cause);
      }
    }
  }
  return { items, dropped };
}

/**
 * A single record through the same check: one that fails is counted like a dropped row and answers
 * 'not-found', so its page shows its not-found state (there is nothing readable to show) rather than an
 * error whose Try again could never succeed.
 */
function mapRecord<T>(raw: unknown, mapItem: (raw: unknown) => T): T {
  const { items } = mapRows([raw], mapItem);
  const [item] = items;
  if (items.length === 0) throw new AppError('not-found', 'The CMS record fails its schema.', { reason: 'invalid-record' });
  return item as T;
}

function validate<S extends z.ZodMiniType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(what, result.error);
  return result.data;
}

/** A record's value checks (prices, amounts) fail as the record: a list drops and counts the row by its kind. */
function asRecord<T>(what: string, map: () => T): T {
  try {
    return map();
  } catch (error) {
    if (error instanceof AppError && error.kind === 'invalid-response' && error.details.reason !== what) {
      throw invalid(what, error);
    }
    throw error;
  }
}

/** A JSON number's decimal text as the JSON wrote it, with exponent forms written out (1e-7 → "0.0000001"). */
function plainDecimal(value: number): string {
  // String() gives the shortest text that reads back as the same number, i.e. what the JSON said.
  const text = String(value);
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!match) return text;
  const whole = match[1] ?? '';
  const digits = whole + (match[2] ?? '');
  const point = whole.length + Number(match[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A human decimal the CMS stores (`25.5`, `'25.50'`) → base units of a token with `decimals`
 * decimals, digit by digit so no float rounding happens. Empty is 0; negative values and more
 * decimals than the token has are rejected.
 */
function parseCmsDecimal(value: number | string | null | undefined, decimals: number, what: string): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalid(what, value);
    text = plainDecimal(value);
  } else {
    text = value.trim();
  }
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw invalid(what, value);
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) throw invalid(what, value);
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

/** CMS prices are human USDT decimals; the app works in USDT base units (6 decimals). */
export function parseUsdtPrice(value: number | string | null | undefined): bigint {
  return parseCmsDecimal(value, USDT_DECIMALS, 'price');
}

/** The Natura figures the admin keeps in the CMS are plain Natura numbers; the app works in Natura wei. */
export function parseNaturaAmount(value: number | string | null | undefined): bigint {
  return parseCmsDecimal(value, NATURA_DECIMALS, 'Natura amount');
}

/** Absolute urls (S3) are used as-is; relative ones come from the CMS's own upload folder. */
export function resolveMediaUrl(url: string | null | undefined, context: ParseContext): string | null {
  if (!url) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return url;
  return `${context.baseUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

function mediaUrl(media: WireMedia, context: ParseContext): string | null {
  return media ? resolveMediaUrl(media.url, context) : null;
}

/**
 * `srcset` candidates from the sizes Strapi generated for an upload (`formats`: thumbnail, small,
 * medium, large), narrowest first, with the original last when its width is known. Undefined when
 * Strapi made none (small images, SVGs): the original `src` is then the only source.
 */
function mediaSrcSet(media: WireMedia, context: ParseContext): string | undefined {
  if (!media?.formats) return undefined;
  const candidates = new Map<number, string>();
  for (const format of Object.values(media.formats)) {
    const url = format && resolveMediaUrl(format.url, context);
    if (url && format.width > 0 && !candidates.has(format.width)) candidates.set(format.width, url);
  }
  if (candidates.size === 0) return undefined;
  const original = resolveMediaUrl(media.url, context);
  if (original && media.width && media.width > 0) candidates.set(media.width, original);
  return [...candidates.entries()]
    .sort(([a], [b]) => a - b)
    .map(([width, url]) => `${url} ${width}w`)
    .join(', ');
}

/** A relation is a populated object or, unpopulated, a bare id; missing when Strapi left it out. */
function relationId(ref: number | { id: number } | null | undefined): number | null {
  if (ref === null || ref === undefined) return null;
  return typeof ref === 'number' ? ref : ref.id;
}

function mapCategory(raw: z.infer<typeof wireCategory>): Category {
  return { id: raw.id, name: visibleName(raw.category ?? '') };
}

function mapCollection(raw: WireCollection, context: ParseContext): Collection {
  return {
    id: raw.id,
    name: visibleName(raw.name ?? ''),
    // The enum is stored capitalised; old client filters used lower case, so accept either.
    status: raw.status?.toLowerCase() === 'active' ? 'Active' : 'Inactive',
    feature: raw.feature ?? false,
    featureImageUrl: mediaUrl(raw.feature_img, context),
    featureImageSrcSet: mediaSrcSet(raw.feature_img, context),
    bannerUrl: mediaUrl(raw.banner, context),
    bannerSrcSet: mediaSrcSet(raw.banner, context),
    description: raw.desc ?? null,
    detailLink: raw.detail_link ?? null,
    socials: {
      website: raw.website ?? null,
      etherscan: raw.etherscan ?? null,
      discord: raw.discord ?? null,
      twitter: raw.twitter ?? null,
      facebook: raw.facebook ?? null,
      telegram: raw.telegram ?? null,
    },
    chainId: raw.chain_id ?? null,
    chainName: raw.chain_name ?? null,
    // Checked here, once: a row whose text is not an address has no contract to read or link.
    contractAddress: parseAddress(raw.contract_address),
    category: raw.category ? mapCategory(raw.category) : null,
    ownerUserId: relationId(raw.users_permissions_user),
    createdAt: raw.createdAt ?? null,
    publishedAt: raw.publishedAt ?? null,
  };
}

function mapAuthor(raw: z.infer<typeof wireAuthor>, context: ParseContext): Author {
  return {
    id: raw.id,
    username: visibleName(raw.username ?? ''),
    social: raw.social ?? null,
    wallet: raw.wallet ?? null,
    followers: raw.followers ?? 0,
    avatarUrl: mediaUrl(raw.avatar, context),
    avatarSrcSet: mediaSrcSet(raw.avatar, context),
    bannerUrl: mediaUrl(raw.banner, context),
    bannerSrcSet: mediaSrcSet(raw.banner, context),
  };
}

export function toCategory(raw: unknown): Category {
  return mapCategory(validate(wireCategory, flattenStrapi(raw), 'category'));
}

export function toNftStatus(raw: unknown): NftStatus {
  const status = validate(wireNftStatus, flattenStrapi(raw), 'NFT status');
  return { id: status.id, label: status.Status ?? '' };
}

export function toCollection(raw: unknown, context: ParseContext): Collection {
  return mapCollection(validate(wireCollection, flattenStrapi(raw), 'collection'), context);
}

export function toAuthor(raw: unknown, context: ParseContext): Author {
  return mapAuthor(validate(wireAuthor, flattenStrapi(raw), 'author'), context);
}

export function toNft(raw: unknown, context: ParseContext): Nft {
  return asRecord('NFT', () => mapNft(validate(wireNft, flattenStrapi(raw), 'NFT'), context));
}

function mapNft(nft: z.infer<typeof wireNft>, context: ParseContext): Nft {
  const status = nft.nft_status;
  return {
    id: nft.id,
    tokenId: nft.token_id ?? 0,
    tokenName: visibleName(nft.token_name ?? ''),
    title: nft.title ? visibleName(nft.title) : (nft.title ?? null),
    description: nft.description ?? '',
    imageUrl: resolveMediaUrl(nft.img_url, context),
    audioUrl: resolveMediaUrl(nft.audio_url, context),
    price: parseUsdtPrice(nft.price),
    tokenStandard: nft.token_standard ?? '',
    itemId: nft.item_id ?? null,
    itemType: nft.item_type ?? null,
    deadline: nft.deadline ?? null,
    // An unpopulated relation is a bare id: the label is unknown then.
    status:
      status === null || status === undefined
        ? null
        : typeof status === 'number'
          ? { id: status, label: '' }
          : { id: status.id, label: status.Status ?? '' },
    owner: nft.owner ?? null,
    likes: nft.likes ?? 0,
    views: nft.views ?? 0,
    collection: nft.collection && typeof nft.collection === 'object' ? mapCollection(nft.collection, context) : null,
    props: (nft.props ?? []).map((prop) => ({ id: prop.id, property: prop.Property ?? '', value: prop.value ?? '' })),
    author: nft.author && typeof nft.author === 'object' ? mapAuthor(nft.author, context) : null,
  };
}

export function toTransaction(raw: unknown): Transaction {
  return asRecord('transaction', () => mapTransaction(validate(wireTransaction, flattenStrapi(raw), 'transaction')));
}

function mapTransaction(tx: z.infer<typeof wireTransaction>): Transaction {
  return {
    id: tx.id,
    fromAddress: tx.from_address ?? '',
    toAddress: tx.to_address ?? '',
    price: parseUsdtPrice(tx.price),
    description: tx.desc ?? '',
    collectionId: relationId(tx.collection),
    publishedAt: tx.publishedAt ?? null,
  };
}

export function toUserAvatar(raw: unknown, context: ParseContext): UserAvatar {
  const row = validate(wireUserAvatar, flattenStrapi(raw), 'user avatar');
  return { id: row.id, fileId: row.avatar?.id ?? null, url: mediaUrl(row.avatar, context) };
}

export function toNaturaBalances(raw: unknown): NaturaBalances {
  const row = validate(wireNaturaBalance, flattenStrapi(raw), 'natura balance');
  return asRecord('natura balance', () => ({
    teamReleased: parseNaturaAmount(row.team_natura_released),
    incentiveReleased: parseNaturaAmount(row.incentive_program_released),
    rndReleased: parseNaturaAmount(row.rnd_release),
    reserveReleased: parseNaturaAmount(row.reserve_natura_released),
  }));
}

/**
 * Standard Strapi list `{ data: [{ id, attributes }], meta: { pagination } }`, either pagination variant.
 * Rows that fail are left out (`mapRows`); `total` then counts only what can be shown: the CMS's total
 * less the rows dropped from this page (rows on pages not read are not known). Pages stay the CMS's.
 */
export function parseStandardList<T>(body: unknown, mapItem: (raw: unknown) => T): Page<T> {
  const list = validate(wireStandardList, body, 'list');
  const { items, dropped } = mapRows(list.data, mapItem);
  const pagination = list.meta?.pagination;
  if (!pagination) return { items, page: 1, pageSize: list.data.length, pageCount: 1, total: items.length };
  if ('page' in pagination) return { items, ...pagination, total: Math.max(0, pagination.total - dropped) };
  const pageSize = pagination.limit;
  return {
    items,
    page: pageSize > 0 ? Math.floor(pagination.start / pageSize) + 1 : 1,
    pageSize,
    pageCount: pageSize > 0 ? Math.ceil(pagination.total / pageSize) : 1,
    total: Math.max(0, pagination.total - dropped),
  };
}

/** Standard Strapi single `{ data: { id, attributes } | null }`; null when the CMS has no such row. */
export function parseStandardSingle<T>(body: unknown, mapItem: (raw: unknown) => T): T | null {
  if (!isRecord(body) || !('data' in body)) throw invalid('record');
  return body.data === null ? null : mapRecord(body.data, mapItem);
}

/** The custom nft-v1 routes' flat list (deployed-system.md §B4.1, §B4.3); bad rows as in `parseStandardList`. */
export function parseFlatList<T>(body: unknown, mapItem: (raw: unknown) => T): Page<T> {
  const list = validate(wireFlatList, body, 'list');
  const page = Number(list.meta.page);
  const { items, dropped } = mapRows(list.data, mapItem);
  return {
    items,
    page: Number.isFinite(page) && page > 0 ? page : 1,
    pageSize: list.meta.pageSize,
    pageCount: list.meta.pageCount,
    total: Math.max(0, list.meta.total - dropped),
  };
}

/**
 * The custom single-NFT route's flat record with `props` (deployed-system.md §B4.2). Its controller spreads
 * whatever the lookup found into the answer, so for an id the CMS does not have it answers
 * 200 `{ "props": [] }`, never 404: a record with no `id` and nothing but `props` is not-found.
 */
export function parseNftRecord(body: unknown, context: ParseContext): Nft {
  if (isRecord(body) && !('id' in body) && Object.keys(body).every((key) => key === 'props')) {
    throw new AppError('not-found', 'The CMS has no such NFT.');
  }
  return mapRecord(body, (raw) => toNft(raw, context));
}

/** A bare JSON array (get_collection, deployed-system.md §B4.5); bad rows as in `parseStandardList`. */
export function parseArray<T>(body: unknown, mapItem: (raw: unknown) => T): T[] {
  if (!Array.isArray(body)) throw invalid('list');
  return mapRows(body, mapItem).items;
}

/** Standard single-record write answers: `{ data: { id, attributes } }` → the flat record. */
export function parseWrittenId(body: unknown): number {
  const record = isRecord(body) ? flattenStrapi(body.data) : undefined;
  if (!isRecord(record) || typeof record.id !== 'number') throw invalid('write answer');
  return record.id;
}

/** The inverse of `parseUsdtPrice`: base units → the human decimal string the CMS stores (`25500000n` → `'25.5'`). */
export function formatCmsPrice(baseUnits: bigint): string {
  if (baseUnits < 0n) throw new AppError('unknown', 'A price cannot be negative.');
  const scale = 10n ** BigInt(USDT_DECIMALS);
  const fraction = (baseUnits % scale).toString().padStart(USDT_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${baseUnits / scale}.${fraction}` : `${baseUnits / scale}`;
}
