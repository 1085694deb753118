import {
  FIXED_DATE,
  buildAuthor,
  buildCategory,
  buildCollection,
  buildFile,
  buildNaturaBalance,
  buildNft,
  buildNftProp,
  buildNftStatus,
  buildTransaction,
  buildUser,
  flatRecord,
  relationData,
  standardRecord,
  type AuthorRow,
  type CategoryRow,
  type CollectionRow,
  type FileRow,
  type Id,
  type NaturaBalanceRow,
  type NftPropRow,
  type NftRow,
  type NftStatusRow,
  type TransactionRow,
  type UserAvatarRow,
  type UserRow,
} from './factories';

/**
 * An in-memory stand-in for the CMS database behind the MSW handlers: tables of rows (relations
 * as ids), serialisers to both wire shapes, and a small Strapi filter/sort/populate engine.
 * Tests seed it, act through the app, then assert what was stored.
 */

export interface Tables {
  files: FileRow[];
  categories: CategoryRow[];
  nftStatuses: NftStatusRow[];
  collections: CollectionRow[];
  nfts: NftRow[];
  nftProps: NftPropRow[];
  transactions: TransactionRow[];
  authors: AuthorRow[];
  userAvatars: UserAvatarRow[];
  users: UserRow[];
  naturaBalances: NaturaBalanceRow[];
}

export type TableName = keyof Tables;

export interface SentEmail {
  to: string;
  subject: string;
  html?: string;
  /** Project form only: every text field, and the attachment's name/size when one was sent. */
  fields?: Record<string, string>;
  attachment?: { name: string; size: number } | null;
}

/** Relation fields per table → target table (media fields target `files`). */
const RELATIONS: Record<TableName, Record<string, TableName>> = {
  files: {},
  categories: {},
  nftStatuses: {},
  collections: { category: 'categories', banner: 'files', feature_img: 'files', users_permissions_user: 'users' },
  nfts: { collection: 'collections', nft_status: 'nftStatuses', author: 'authors' },
  nftProps: { nft_v_1: 'nfts' },
  transactions: { collection: 'collections', nft_v_1: 'nfts' },
  authors: { avatar: 'files', banner: 'files' },
  userAvatars: { avatar: 'files', users_permissions_user: 'users' },
  users: {},
  naturaBalances: {},
};

/** Never sent to clients. */
const PRIVATE_FIELDS: Partial<Record<TableName, string[]>> = { users: ['token'] };

/** `populate` after normalisation: field → nested populate (or true for "just this level"). */
export interface Populate {
  [field: string]: Populate | true;
}

/** The low-level population of the custom nft-v1 routes (deployed-system.md §B4.1). */
export const FLAT_NFT_POPULATE: Populate = {
  collection: { category: true, banner: true, feature_img: true },
  nft_status: true,
  author: { avatar: true },
};
export const FLAT_COLLECTION_POPULATE: Populate = { category: true, banner: true, feature_img: true };

/** Strapi's `populate` query parameter in any of its forms → `Populate`. */
export function normalisePopulate(table: TableName, raw: unknown): Populate {
  const relations = RELATIONS[table];
  if (raw === undefined || raw === null || raw === '') return {};
  if (raw === '*' || raw === 'true' || raw === true) {
    return Object.fromEntries(Object.keys(relations).map((field) => [field, true as const]));
  }
  if (typeof raw === 'string') return normalisePopulate(table, raw.split(','));
  if (Array.isArray(raw)) {
    const result: Populate = {};
    for (const entry of raw) {
      if (typeof entry !== 'string') continue;
      const [head, ...tail] = entry.split('.');
      if (!head || !(head in relations)) continue;
      if (tail.length === 0) {
        result[head] ??= true;
      } else {
        const target = relations[head]!;
        const nested = normalisePopulate(target, [tail.join('.')]);
        const current = result[head];
        result[head] = { ...(current === true || current === undefined ? {} : current), ...nested };
      }
    }
    return result;
  }
  if (typeof raw === 'object') {
    const result: Populate = {};
    for (const [field, value] of Object.entries(raw as Record<string, unknown>)) {
      if (!(field in relations)) continue;
      const target = relations[field]!;
      if (value && typeof value === 'object' && 'populate' in value) {
        result[field] = normalisePopulate(target, value.populate);
      } else if (value === false || value === 'false') {
        continue;
      } else {
        result[field] = true;
      }
    }
    return result;
  }
  return {};
}

export class FilterError extends Error {}

/** Query-string values are strings; rows hold numbers/booleans: compare as text. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

export function createCmsDb() {
  let tables: Tables = emptyTables();
  let nextIds: Record<TableName, number> = {} as Record<TableName, number>;
  /** jwt → user id. */
  const sessions = new Map<string, Id>();
  const outbox: SentEmail[] = [];
  /** false: answer like the deployed CMS, which has no author type (see `withoutAuthorType`). */
  let authorType = true;
  /** The local CMS's switches (cms/lib/mode.js), see `withMode`. */
  const mode = { userFind: true, naturaBalance: true };

  /** Fields the current schema lacks: without the author type, nft-v1 has no `author`. */
  function isAbsent(table: TableName, field: string): boolean {
    return !authorType && table === 'nfts' && field === 'author';
  }

  function relationsOf(table: TableName): Record<string, TableName> {
    return Object.fromEntries(Object.entries(RELATIONS[table]).filter(([field]) => !isAbsent(table, field)));
  }

  /** Like Strapi's query validation: a filter on an attribute the type lacks is refused, rows or not. */
  function validateFilters(table: TableName, filters: unknown): void {
    if (!filters || typeof filters !== 'object') return;
    for (const [key, condition] of Object.entries(filters as Record<string, unknown>)) {
      if (key === '$and' || key === '$or' || key === '$not') {
        const parts =
          key === '$not' ? [condition] : Array.isArray(condition) ? condition : Object.values(condition as object);
        for (const part of parts) validateFilters(table, part);
        continue;
      }
      if (key.startsWith('$')) continue;
      if (isAbsent(table, key)) throw new FilterError(`Invalid parameter ${key}`);
      const target = relationsOf(table)[key];
      if (target && condition && typeof condition === 'object') validateFilters(target, condition);
    }
  }

  function emptyTables(): Tables {
    return {
      files: [],
      categories: [],
      nftStatuses: [],
      collections: [],
      nfts: [],
      nftProps: [],
      transactions: [],
      authors: [],
      userAvatars: [],
      users: [],
      naturaBalances: [],
    };
  }

  function row(table: TableName, id: Id | null | undefined): (Record<string, unknown> & { id: Id }) | undefined {
    if (id === null || id === undefined) return undefined;
    return (tables[table] as Array<{ id: Id }>).find((entry) => entry.id === id);
  }

  function publicRow(table: TableName, entry: Record<string, unknown> & { id: Id }) {
    const copy = { ...entry };
    for (const field of PRIVATE_FIELDS[table] ?? []) delete copy[field];
    for (const field of Object.keys(copy)) if (isAbsent(table, field)) delete copy[field];
    return copy;
  }

  function scalars(
    table: TableName,
    entry: Record<string, unknown> & { id: Id },
  ): Record<string, unknown> & { id: Id } {
    const copy = publicRow(table, entry);
    for (const field of Object.keys(RELATIONS[table])) delete copy[field];
    return copy;
  }

  /** Standard `{ id, attributes }` with the populated relations as `{ data }`. */
  function toStandard(table: TableName, entry: Record<string, unknown> & { id: Id }, populate: Populate = {}): unknown {
    const relations: Record<string, unknown> = {};
    for (const [field, nested] of Object.entries(populate)) {
      const target = relationsOf(table)[field];
      if (!target) continue;
      const related = row(target, entry[field] as Id | null);
      relations[field] = relationData(related ? toStandard(target, related, nested === true ? {} : nested) : null);
    }
    return standardRecord(scalars(table, entry), relations);
  }

  /** Flat record as the low-level query engine returns it: populated relations inline, others left out. */
  function toFlat(
    table: TableName,
    entry: Record<string, unknown> & { id: Id },
    populate: Populate = {},
  ): Record<string, unknown> {
    const relations: Record<string, unknown> = {};
    for (const [field, nested] of Object.entries(populate)) {
      const target = relationsOf(table)[field];
      if (!target) continue;
      const related = row(target, entry[field] as Id | null);
      relations[field] = related ? toFlat(target, related, nested === true ? {} : nested) : null;
    }
    return flatRecord(scalars(table, entry), relations);
  }

  function matchesOperator(value: unknown, operator: string, expected: unknown): boolean {
    // Compared as SQLite compares (the local CMS, the original source run there): `$eq`, `$ne` and
    // `$in` are case-sensitive, only `$eqi` / `$containsi` ignore case (deployed-system.md §B7.1).
    const actual = value === null || value === undefined ? null : text(value);
    switch (operator) {
      case '$eq':
        if (expected === null || expected === 'null') return actual === null;
        return actual !== null && actual === text(expected);
      case '$eqi':
        return actual !== null && actual.toLowerCase() === text(expected).toLowerCase();
      case '$ne':
        return actual === null || actual !== text(expected);
      case '$in':
        return actual !== null && (Array.isArray(expected) ? expected : [expected]).some((e) => text(e) === actual);
      case '$contains':
        return actual !== null && actual.includes(text(expected));
      case '$containsi':
        return actual !== null && actual.toLowerCase().includes(text(expected).toLowerCase());
      case '$null':
        return (actual === null) === (text(expected) === 'true');
      case '$notNull':
        return (actual !== null) === (text(expected) === 'true');
      default:
        throw new FilterError(`Invalid operator ${operator}`);
    }
  }

  function matchesField(table: TableName, entry: Record<string, unknown>, field: string, condition: unknown): boolean {
    const target = RELATIONS[table][field];
    if ((!(field in entry) || isAbsent(table, field)) && field !== 'id') {
      throw new FilterError(`Invalid parameter ${field}`);
    }
    const value = entry[field];
    if (target) {
      // A relation: a bare value compares its id; an object either filters the related row or its id.
      if (condition === null || typeof condition !== 'object') return matchesOperator(value, '$eq', condition);
      const keys = Object.keys(condition);
      if (keys.every((key) => key.startsWith('$'))) {
        return keys.every((key) => matchesOperator(value, key, (condition as Record<string, unknown>)[key]));
      }
      const related = row(target, value as Id | null);
      return related ? matches(target, related, condition as Record<string, unknown>) : false;
    }
    if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) {
      return matchesOperator(value, '$eq', condition);
    }
    return Object.entries(condition as Record<string, unknown>).every(([operator, expected]) =>
      matchesOperator(value, operator, expected),
    );
  }

  function matches(table: TableName, entry: Record<string, unknown>, filters: Record<string, unknown>): boolean {
    return Object.entries(filters).every(([key, condition]) => {
      if (key === '$and' || key === '$or') {
        const parts = Array.isArray(condition) ? condition : Object.values(condition as Record<string, unknown>);
        const results = parts.map((part) => matches(table, entry, part as Record<string, unknown>));
        return key === '$and' ? results.every(Boolean) : results.some(Boolean);
      }
      if (key === '$not') return !matches(table, entry, condition as Record<string, unknown>);
      return matchesField(table, entry, key, condition);
    });
  }

  function sortRows<T extends Record<string, unknown>>(rows: T[], sort: unknown): T[] {
    const entries = (
      Array.isArray(sort) ? sort : typeof sort === 'string' ? sort.split(',') : sort ? Object.values(sort) : []
    )
      .map(String)
      .map((entry) => {
        const [field = 'id', direction = 'asc'] = entry.split(':');
        return { field, descending: direction.toLowerCase() === 'desc' };
      });
    if (entries.length === 0) entries.push({ field: 'id', descending: false });
    return [...rows].sort((a, b) => {
      for (const { field, descending } of entries) {
        const left = a[field];
        const right = b[field];
        if (left === right) continue;
        if (left === null || left === undefined) return 1;
        if (right === null || right === undefined) return -1;
        const numeric = !Number.isNaN(Number(left)) && !Number.isNaN(Number(right)) && typeof left !== 'boolean';
        const order = numeric ? Number(left) - Number(right) : text(left).localeCompare(text(right));
        if (order !== 0) return descending ? -order : order;
      }
      return 0;
    });
  }

  const db = {
    get tables() {
      return tables;
    },
    outbox,
    sessions,
    get hasAuthorType() {
      return authorType;
    },
    /**
     * Answer like the deployed CMS, which has no author type: `/api/authors…` is a 404, nft-v1
     * has no `author` (not in answers; filtering on it is 400 "Invalid parameter author").
     * Until the next `clear()` / `reset()`, or the returned function is called.
     */
    withoutAuthorType(): () => void {
      authorType = false;
      return () => {
        authorType = true;
      };
    },
    /** The local CMS's switches in force (cms/lib/mode.js). */
    get mode(): Readonly<typeof mode> {
      return { ...mode };
    },
    /**
     * Answer like the local CMS in another mode: `userFind: false` — Authenticated may not `find`
     * users (the avatar lookup by user is a 400, new rows lose their user link); `naturaBalance:
     * false` — no natura-balance type (404). Until the next `clear()` / `reset()`, or the returned
     * function is called.
     */
    withMode(changes: Partial<typeof mode>): () => void {
      const before = { ...mode };
      Object.assign(mode, changes);
      return () => {
        Object.assign(mode, before);
      };
    },
    /** Empties every table (ids restart at 1) and restores the local schema. */
    clear() {
      Object.assign(mode, { userFind: true, naturaBalance: true });
      tables = emptyTables();
      nextIds = {} as Record<TableName, number>;
      sessions.clear();
      outbox.length = 0;
      authorType = true;
    },
    /** Back to the default catalogue (called after each test). */
    reset() {
      db.clear();
      seedDefault(db);
    },
    nextId(table: TableName): Id {
      const used = (tables[table] as Array<{ id: Id }>).reduce((max, entry) => Math.max(max, entry.id), 0);
      const next = Math.max(used, nextIds[table] ?? 0) + 1;
      nextIds[table] = next;
      return next;
    },
    insert<T extends TableName>(table: T, ...rows: Array<Tables[T][number]>) {
      (tables[table] as Array<Tables[T][number]>).push(...rows);
      return rows;
    },
    find<T extends TableName>(table: T, id: Id | null | undefined): Tables[T][number] | undefined {
      return row(table, id) as Tables[T][number] | undefined;
    },
    update<T extends TableName>(table: T, id: Id, changes: Partial<Tables[T][number]>) {
      const entry = row(table, id);
      if (entry) Object.assign(entry, changes, 'updatedAt' in entry ? { updatedAt: new Date().toISOString() } : {});
      return entry as Tables[T][number] | undefined;
    },
    remove(table: TableName, id: Id) {
      const list = tables[table] as Array<{ id: Id }>;
      const index = list.findIndex((entry) => entry.id === id);
      if (index >= 0) list.splice(index, 1);
      return index >= 0;
    },
    /** A signed-in session for `userId`, as the web3 sign-in would issue it. */
    issueJwt(userId: Id, jwt = `msw-jwt-${userId}-${Math.random().toString(16).slice(2)}`) {
      sessions.set(jwt, userId);
      return jwt;
    },
    userForJwt(jwt: string | null): UserRow | undefined {
      const id = jwt ? sessions.get(jwt) : undefined;
      return id === undefined ? undefined : db.find('users', id);
    },
    /** Rows of a table matching Strapi `filters`, sorted; `preview` includes drafts. */
    query(
      table: TableName,
      { filters, sort, preview = false }: { filters?: unknown; sort?: unknown; preview?: boolean },
    ) {
      validateFilters(table, filters);
      const all = tables[table] as Array<Record<string, unknown> & { id: Id }>;
      const visible = all.filter((entry) => preview || !('publishedAt' in entry) || entry.publishedAt !== null);
      const filtered =
        filters && typeof filters === 'object'
          ? visible.filter((entry) => matches(table, entry, filters as Record<string, unknown>))
          : visible;
      return sortRows(filtered, sort);
    },
    toStandard,
    toFlat,
  };
  return db;
}

export type CmsDb = ReturnType<typeof createCmsDb>;

/** The default user the app tests' `storeSession()` signs in as, with its jwt. */
export const DEFAULT_USER = { id: 7, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', jwt: 'test-jwt' } as const;

/**
 * A small catalogue shaped like the deployed one: three statuses with the hard-coded ids,
 * categories, active / inactive / featured collections with S3 media, NFTs in each status
 * (one a draft), properties, transactions, an author, natura balances.
 */
export function seedDefault(db: CmsDb) {
  db.insert(
    'files',
    buildFile({ id: 1, name: 'banner-1.png' }),
    buildFile({ id: 2, name: 'logo-1.png' }),
    buildFile({ id: 3, name: 'logo-2.png' }),
    buildFile({ id: 4, name: 'author-avatar.png' }),
  );
  db.insert('users', buildUser({ id: DEFAULT_USER.id, address: DEFAULT_USER.address }));
  db.issueJwt(DEFAULT_USER.id, DEFAULT_USER.jwt);
  db.insert(
    'nftStatuses',
    buildNftStatus({ id: 1, Status: 'Mint', Description: 'Not minted yet' }),
    buildNftStatus({ id: 2, Status: 'Buy Now', Description: 'Listed on the marketplace' }),
    buildNftStatus({ id: 3, Status: 'Sold', Description: 'Owned, not for sale' }),
  );
  db.insert('categories', buildCategory({ id: 1, category: 'Art' }), buildCategory({ id: 2, category: 'Music' }));
  db.insert(
    'collections',
    buildCollection({
      id: 1,
      name: 'Terra Genesis',
      status: 'Active',
      feature: true,
      category: 1,
      banner: 1,
      feature_img: 2,
      contract_address: '0x3000000000000000000000000000000000000001',
      website: 'https://terramaternfts.com',
      twitter: 'https://twitter.com/terramater',
      detail_link: 'https://terramaternfts.com/genesis',
      createdAt: '2024-01-10T10:00:00.000Z',
      publishedAt: '2024-01-10T10:00:00.000Z',
    }),
    buildCollection({
      id: 2,
      name: 'Ocean Sounds',
      status: 'Active',
      feature: false,
      category: 2,
      feature_img: 3,
      contract_address: '0x3000000000000000000000000000000000000002',
      createdAt: '2024-02-10T10:00:00.000Z',
      publishedAt: '2024-02-10T10:00:00.000Z',
    }),
    buildCollection({ id: 3, name: 'Forest Spirits', status: 'Inactive', category: 1 }),
  );
  db.insert(
    'nfts',
    buildNft({ id: 1, token_id: 1, token_name: 'Genesis #1', collection: 1, nft_status: 1, price: 25.5 }),
    buildNft({
      id: 2,
      token_id: 2,
      token_name: 'Genesis #2',
      collection: 1,
      nft_status: 2,
      price: '120.25',
      item_id: 4,
      owner: DEFAULT_USER.address,
      views: 10,
      likes: 3,
    }),
    buildNft({
      id: 3,
      token_id: 3,
      token_name: 'Genesis #3',
      collection: 1,
      nft_status: 3,
      owner: DEFAULT_USER.address,
      author: 1,
    }),
    buildNft({ id: 4, token_id: 4, token_name: 'Genesis #4 (draft)', collection: 1, nft_status: 1, publishedAt: null }),
    buildNft({ id: 5, token_id: 1, token_name: 'Wave #1', collection: 2, nft_status: 1, price: 10, author: 1 }),
  );
  db.insert(
    'nftProps',
    buildNftProp({ id: 1, nft_v_1: 2, Property: 'Background', value: 'Green' }),
    buildNftProp({ id: 2, nft_v_1: 2, Property: 'Eyes', value: 'Blue' }),
  );
  db.insert(
    'transactions',
    buildTransaction({
      id: 1,
      collection: 1,
      nft_v_1: 2,
      price: 100,
      desc: 'Mint',
      publishedAt: '2024-03-01T10:00:00.000Z',
    }),
    buildTransaction({
      id: 2,
      collection: 1,
      nft_v_1: 2,
      price: '120.25',
      desc: 'Buy',
      from_address: DEFAULT_USER.address,
      to_address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      publishedAt: '2024-04-01T10:00:00.000Z',
    }),
  );
  db.insert(
    'authors',
    buildAuthor({ id: 1, username: 'gaia', wallet: DEFAULT_USER.address, followers: 12, avatar: 4 }),
  );
  db.insert(
    'naturaBalances',
    buildNaturaBalance({
      id: 1,
      team_natura_released: 1000,
      incentive_program_released: 250.5,
      rnd_release: 10,
      reserve_natura_released: 0,
      createdAt: FIXED_DATE,
    }),
  );
}
