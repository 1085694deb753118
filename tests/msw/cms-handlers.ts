import { getAddress, verifyMessage } from 'ethers';
import { http, HttpResponse, type RequestHandler } from 'msw';
import qs from 'qs';
import {
  FLAT_COLLECTION_POPULATE,
  FLAT_NFT_POPULATE,
  FilterError,
  createCmsDb,
  normalisePopulate,
  text,
  type CmsDb,
  type TableName,
} from './cms-db';
import {
  buildCollection,
  buildFile,
  buildNft,
  buildTransaction,
  buildUser,
  buildUserAvatar,
  type FileRow,
  type Id,
} from './factories';

/**
 * MSW handlers that answer every CMS call of the app (deployed-system.md §B3–§B5) with the shapes the
 * real Strapi v4 CMS and its custom routes send, backed by an in-memory database (`cmsDb`).
 * Rules mirror the local CMS (cms/): writes need a valid bearer (403 without, 401 with a bad
 * one) — NFT updates included, avatar uploads must be images of at most 5 MB, email recipients
 * and subjects are fixed. Where the deployed CMS answers unkindly the handlers do too: an
 * unknown NFT id is 200 `{ props: [] }`, a project form without a file part is 200 `{}` with no
 * e-mail, and `db.withoutAuthorType()` removes the author type as on the deployed CMS. Like the
 * original (deployed-system.md §B7): `$eq` on strings is case-sensitive (cms-db), a bearer on the two e-mail
 * routes is a 403 (only Public holds them), `email-attachment` answers `{}`, and `db.withMode()`
 * takes away the Authenticated `user.find` grant (avatar lookup 400, user links dropped) or the
 * natura-balance type (404), as the local CMS's switches do.
 */

export const CMS_TEST_URL = 'http://cms.test';
export const CONTACT_EMAIL = 'info@terramaternfts.com';
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp']);
const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.gif', '.webp']);
const EMAIL_SUBJECTS = ['CONTACT US FORM', 'Work With Us Form'];
const NFT_PAGE_SIZE = 24;

function strapiError(status: number, name: string, message: string) {
  return HttpResponse.json({ data: null, error: { status, name, message, details: {} } }, { status });
}

const notFound = (message = 'Not Found') => strapiError(404, 'NotFoundError', message);
const badRequest = (message: string) => strapiError(400, 'ValidationError', message);

function queryOf(request: Request): Record<string, unknown> {
  return qs.parse(new URL(request.url).search.slice(1), { depth: 10, arrayLimit: 200 });
}

function isIntText(value: unknown): boolean {
  return (
    (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^\d+$/.test(value.trim()))
  );
}

/** Relation values in write bodies: an id, a numeric string or `{ id }`. */
function relationId(value: unknown): Id | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object' && 'id' in value) return Number(value.id);
  return Number(value);
}

/** Duck-typed: under jsdom the uploaded parts are another realm's Blob/File. */
function isBlob(value: unknown): value is Blob & { name?: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blob).size === 'number' &&
    typeof (value as Blob).type === 'string'
  );
}

const EXTENSION_FOR_TYPE: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
};

/**
 * jsdom's XHR hands MSW its multipart parts as plain blobs named "blob" (the browser and node
 * keep the real name); then the name is rebuilt from the type so image checks still apply.
 */
function fileName(file: Blob & { name?: string }): string {
  const name = file.name || 'file';
  return name === 'blob' ? `blob${EXTENSION_FOR_TYPE[file.type.toLowerCase()] ?? ''}` : name;
}

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

export function createCmsHandlers({ baseUrl = CMS_TEST_URL, db }: { baseUrl?: string; db: CmsDb }): RequestHandler[] {
  const url = (path: string) => `${baseUrl}${path}`;

  type Auth = { userId: Id } | { response: Response };

  /** Like users-permissions: no header → Public role (403 on writes), an unknown token → 401. */
  function requireUser(request: Request): Auth {
    const header = request.headers.get('Authorization');
    if (!header) return { response: strapiError(403, 'ForbiddenError', 'Forbidden') };
    const jwt = /^Bearer (.+)$/.exec(header)?.[1] ?? null;
    const user = db.userForJwt(jwt);
    if (!user) return { response: strapiError(401, 'UnauthorizedError', 'Missing or invalid credentials') };
    return { userId: user.id };
  }

  /**
   * Like Strapi's permission check for a route only Public holds (the e-mail routes): no header →
   * Public, allowed (null); a bearer → the token's role, which lacks it (403), or a bad token (401).
   */
  function publicOnly(request: Request): Response | null {
    const header = request.headers.get('Authorization');
    if (!header) return null;
    const jwt = /^Bearer (.+)$/.exec(header)?.[1] ?? null;
    if (!db.userForJwt(jwt)) return strapiError(401, 'UnauthorizedError', 'Missing or invalid credentials');
    return strapiError(403, 'ForbiddenError', 'Forbidden');
  }

  /** Whether the caller's role may `find` users-permissions users: Authenticated in the default mode only. */
  function mayFindUsers(request: Request): boolean {
    const jwt = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1] ?? null;
    return db.mode.userFind && db.userForJwt(jwt) !== undefined;
  }

  /** Strapi 4.26's query validation: a filter through a users relation needs `user.find` (deployed-system.md §B7.2). */
  function filtersOnUsers(filters: unknown): boolean {
    if (!filters || typeof filters !== 'object') return false;
    return Object.entries(filters as Record<string, unknown>).some(
      ([key, value]) => key === 'users_permissions_user' || (key.startsWith('$') && filtersOnUsers(value)),
    );
  }

  function standardList(request: Request, table: TableName, extraFilters?: Record<string, unknown>) {
    const query = queryOf(request);
    let rows;
    try {
      const filters = extraFilters ? { $and: [query.filters ?? {}, extraFilters] } : query.filters;
      rows = db.query(table, { filters, sort: query.sort, preview: query.publicationState === 'preview' });
    } catch (error) {
      if (error instanceof FilterError) return badRequest(error.message);
      throw error;
    }
    const populate = normalisePopulate(table, query.populate);
    const pagination = (query.pagination ?? {}) as Record<string, string | undefined>;
    const total = rows.length;
    if (pagination.start !== undefined || pagination.limit !== undefined) {
      const start = Math.max(0, Number(pagination.start ?? 0));
      const limit = Math.min(100, Math.max(1, Number(pagination.limit ?? 25)));
      return HttpResponse.json({
        data: rows.slice(start, start + limit).map((entry) => db.toStandard(table, entry, populate)),
        meta: { pagination: { start, limit, total } },
      });
    }
    const page = Math.max(1, Number(pagination.page ?? 1));
    const pageSize = Math.min(100, Math.max(1, Number(pagination.pageSize ?? 25)));
    return HttpResponse.json({
      data: rows.slice((page - 1) * pageSize, page * pageSize).map((entry) => db.toStandard(table, entry, populate)),
      meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
    });
  }

  function standardSingle(table: TableName, id: Id, populate: unknown = undefined) {
    const entry = db.find(table, id) as (Record<string, unknown> & { id: Id }) | undefined;
    if (!entry) return notFound();
    return HttpResponse.json({ data: db.toStandard(table, entry, normalisePopulate(table, populate)), meta: {} });
  }

  async function jsonData(request: Request): Promise<Record<string, unknown> | null> {
    try {
      const body = (await request.json()) as unknown;
      if (!body || typeof body !== 'object' || !('data' in body)) return null;
      const data = body.data;
      return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  /** Stores an uploaded image like the local upload provider (relative `/uploads/…` url). */
  function storeImage(file: unknown): { file: FileRow } | { response: Response } {
    if (!isBlob(file)) return { response: badRequest('Missing file') };
    const type = file.type.toLowerCase();
    const name = fileName(file);
    if (!IMAGE_TYPES.has(type) || !IMAGE_EXTENSIONS.has(extension(name))) {
      return {
        response: badRequest(
          `Only image files (jpg, jpeg, png, gif, webp) are accepted; "${name}" is ${type || 'of unknown type'}`,
        ),
      };
    }
    if (file.size > MAX_IMAGE_BYTES) {
      return { response: strapiError(413, 'PayloadTooLargeError', `Image "${name}" is larger than the 5 MB limit`) };
    }
    const id = db.nextId('files');
    const row = buildFile({
      id,
      name,
      url: `/uploads/${id}-${name}`,
      mime: type,
      ext: extension(name),
      size: Math.round((file.size / 1024) * 100) / 100,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    db.insert('files', row);
    return { file: row };
  }

  return [
    /* ------------------------------------------------------------- web3 sign-in (§3) */
    http.get(url('/webthree-auth/token/:address'), ({ params }) => {
      let address: string;
      try {
        address = getAddress(String(params.address));
      } catch {
        return HttpResponse.json({ success: false, error: 'Invalid address' });
      }
      const token = Array.from({ length: 4 }, () =>
        Math.floor(Math.random() * 2 ** 32)
          .toString(16)
          .padStart(8, '0'),
      ).join('-');
      const existing = db.tables.users.find((user) => user.address === address);
      if (existing) db.update('users', existing.id, { token });
      else db.insert('users', buildUser({ id: db.nextId('users'), address, token, confirmed: false }));
      return HttpResponse.json({ token });
    }),
    http.get(url('/webthree-auth/authenticate/:address/:signature'), ({ params }) => {
      let address: string;
      try {
        address = getAddress(String(params.address));
      } catch {
        return HttpResponse.json({ success: false, error: 'Invalid address' });
      }
      const user = db.tables.users.find((entry) => entry.address === address);
      if (!user) return HttpResponse.json({ success: false, error: 'User not found' });
      let recovered: string | null = null;
      try {
        recovered = user.token
          ? getAddress(verifyMessage(`Your authentication token : ${user.token}`, String(params.signature)))
          : null;
      } catch {
        recovered = null;
      }
      if (recovered !== address) return HttpResponse.json({ success: false, error: 'Invalid signature' });
      // Like the local CMS: the token is rotated, so a signature cannot be replayed.
      db.update('users', user.id, { confirmed: true, token: null });
      const { token: _token, ...publicUser } = db.find('users', user.id)!;
      return HttpResponse.json({ jwt: db.issueJwt(user.id), user: publicUser });
    }),

    /* ------------------------------------------------------------- collections */
    http.get(url('/api/collections/get_collection'), ({ request }) => {
      const { id } = queryOf(request);
      const rows = db.tables.collections.filter(
        (entry) => id === undefined || id === '' || String(entry.id) === text(id),
      );
      return HttpResponse.json(rows.map((entry) => db.toFlat('collections', entry, FLAT_COLLECTION_POPULATE)));
    }),
    http.get(url('/api/collections'), ({ request }) => standardList(request, 'collections')),
    http.post(url('/api/collections'), async ({ request }) => {
      const auth = requireUser(request);
      if ('response' in auth) return auth.response;
      const data = await jsonData(request);
      if (!data) return badRequest('Missing "data" payload in the request body');
      for (const field of ['name', 'chain_id', 'chain_name', 'status'] as const) {
        if (data[field] === undefined || data[field] === null || data[field] === '')
          return badRequest(`${field} must be defined.`);
      }
      if (data.status !== 'Active' && data.status !== 'Inactive')
        return badRequest('status must be one of: Active, Inactive');
      const now = new Date().toISOString();
      const row = buildCollection({
        id: db.nextId('collections'),
        name: String(data.name),
        contract_address: typeof data.contract_address === 'string' ? data.contract_address : null,
        chain_id: Number(data.chain_id),
        chain_name: String(data.chain_name),
        status: data.status,
        desc: typeof data.desc === 'string' ? data.desc : null,
        feature: data.feature === true,
        // Strapi's input sanitising drops the link for a role that may not `find` users (§7.2).
        users_permissions_user: mayFindUsers(request) ? relationId(data.users_permissions_user) : null,
        category: relationId(data.category),
        createdAt: now,
        updatedAt: now,
        publishedAt: now,
      });
      db.insert('collections', row);
      return HttpResponse.json({ data: db.toStandard('collections', row), meta: {} });
    }),

    http.get(url('/api/categories'), ({ request }) => standardList(request, 'categories')),
    http.get(url('/api/nft-statuses'), ({ request }) => standardList(request, 'nftStatuses')),

    /* ------------------------------------------------------------- nft-v1 custom routes (§4.1–4.3) */
    http.get(url('/api/nft-v1s/fwfilters'), ({ request }) => {
      const { collectionId, searchtxt } = queryOf(request);
      if (collectionId !== undefined && collectionId !== '' && !isIntText(collectionId)) {
        return badRequest('collectionId must be a numeric collection id');
      }
      const text = typeof searchtxt === 'string' ? searchtxt.toLowerCase() : '';
      const rows = db.tables.nfts
        .filter((nft) => collectionId === undefined || collectionId === '' || nft.collection === Number(collectionId))
        .filter((nft) => nft.token_name.toLowerCase().includes(text))
        .sort((a, b) => a.token_id - b.token_id || a.id - b.id);
      return HttpResponse.json({
        data: rows.map((nft) => db.toFlat('nfts', nft, FLAT_NFT_POPULATE)),
        meta: { page: 1, pageSize: rows.length, pageCount: 1, total: rows.length },
      });
    }),
    http.get(url('/api/nft-v1s/:id'), ({ params }) => {
      const nft = isIntText(params.id) ? db.find('nfts', Number(params.id)) : undefined;
      // The deployed findOne spreads the (null) entity and adds the (empty) props: never a 404.
      if (!nft) return HttpResponse.json({ props: [] });
      const props = db.tables.nftProps
        .filter((prop) => prop.nft_v_1 === nft.id)
        .map((prop) => db.toFlat('nftProps', prop));
      return HttpResponse.json({ ...db.toFlat('nfts', nft, FLAT_NFT_POPULATE), props });
    }),
    http.get(url('/api/nft-v1s'), ({ request }) => {
      const { page: rawPage, collectionId, statuses: rawStatuses } = queryOf(request);
      let page = 1;
      if (rawPage !== undefined && rawPage !== '') {
        if (!isIntText(rawPage) || Number(rawPage) < 1) return badRequest('page must be a positive integer');
        page = Number(rawPage);
      }
      if (collectionId !== undefined && collectionId !== '' && !isIntText(collectionId)) {
        return badRequest('collectionId must be a numeric collection id');
      }
      let statuses: number[] | null = null;
      if (rawStatuses !== undefined && rawStatuses !== '') {
        let parsed: unknown;
        try {
          parsed = typeof rawStatuses === 'string' ? JSON.parse(rawStatuses) : undefined;
        } catch {
          parsed = undefined;
        }
        if (!Array.isArray(parsed) || !parsed.every(isIntText)) {
          return badRequest(
            'statuses must be a JSON array of status ids (numbers or numeric strings), e.g. statuses=["1","2"]',
          );
        }
        statuses = parsed.map(Number);
      }
      const rows = db.tables.nfts
        .filter((nft) => collectionId === undefined || collectionId === '' || nft.collection === Number(collectionId))
        .filter(
          (nft) => !statuses || statuses.length === 0 || (nft.nft_status !== null && statuses.includes(nft.nft_status)),
        )
        .sort((a, b) => a.token_id - b.token_id || a.id - b.id);
      return HttpResponse.json({
        data: rows
          .slice((page - 1) * NFT_PAGE_SIZE, page * NFT_PAGE_SIZE)
          .map((nft) => db.toFlat('nfts', nft, FLAT_NFT_POPULATE)),
        // The deployed route echoes the raw query value, a string.
        meta: {
          page: rawPage ?? 1,
          pageSize: NFT_PAGE_SIZE,
          pageCount: Math.ceil(rows.length / NFT_PAGE_SIZE),
          total: rows.length,
        },
      });
    }),
    http.put(url('/api/nft-v1s/:id'), async ({ request, params }) => {
      const auth = requireUser(request);
      if ('response' in auth) return auth.response;
      const data = await jsonData(request);
      const id = isIntText(params.id) ? Number(params.id) : NaN;
      const nft = db.find('nfts', id);
      if (!nft) return notFound();
      if (!data) return badRequest('Missing "data" payload in the request body');
      const changes: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(data)) {
        if (['collection', 'nft_status', 'author'].includes(key)) changes[key] = relationId(value);
        else if (['views', 'likes', 'token_id', 'item_id'].includes(key))
          changes[key] = value === null ? null : Number(value);
        else if (key in nft && key !== 'id') changes[key] = value;
      }
      db.update('nfts', id, changes);
      return HttpResponse.json({ data: db.toStandard('nfts', db.find('nfts', id)!), meta: {} });
    }),
    http.post(url('/api/nft-v1s'), async ({ request }) => {
      const auth = requireUser(request);
      if ('response' in auth) return auth.response;
      const data = await jsonData(request);
      if (!data) return badRequest('Missing "data" payload in the request body');
      for (const field of ['token_name', 'description', 'token_id', 'token_standard'] as const) {
        if (data[field] === undefined || data[field] === null || data[field] === '')
          return badRequest(`${field} must be defined.`);
      }
      const now = new Date().toISOString();
      const row = buildNft({
        id: db.nextId('nfts'),
        token_name: String(data.token_name),
        owner: typeof data.owner === 'string' ? data.owner : null,
        views: Number(data.views ?? 0),
        likes: Number(data.likes ?? 0),
        price: (data.price as string | number | undefined) ?? 0,
        description: String(data.description),
        token_id: Number(data.token_id),
        token_standard: String(data.token_standard),
        img_url: typeof data.img_url === 'string' ? data.img_url : null,
        item_id: data.item_id === undefined || data.item_id === null ? null : Number(data.item_id),
        collection: relationId(data.collection),
        nft_status: relationId(data.nft_status),
        author: null,
        createdAt: now,
        updatedAt: now,
        publishedAt: now,
      });
      db.insert('nfts', row);
      return HttpResponse.json({ data: db.toStandard('nfts', row), meta: {} });
    }),

    /** `/api/nft`: the standard list of nft-v1, published only (§4.4). */
    http.get(url('/api/nft'), ({ request }) => standardList(request, 'nfts')),

    /* ------------------------------------------------------------- transactions */
    http.get(url('/api/transactions'), ({ request }) => standardList(request, 'transactions')),
    http.post(url('/api/transactions'), async ({ request }) => {
      const auth = requireUser(request);
      if ('response' in auth) return auth.response;
      const data = await jsonData(request);
      if (!data) return badRequest('Missing "data" payload in the request body');
      for (const field of ['from_address', 'to_address', 'price', 'desc'] as const) {
        if (data[field] === undefined || data[field] === null || data[field] === '')
          return badRequest(`${field} must be defined.`);
      }
      const now = new Date().toISOString();
      const row = buildTransaction({
        id: db.nextId('transactions'),
        collection: relationId(data.collection),
        nft_v_1: relationId(data.nft_v_1),
        from_address: String(data.from_address),
        to_address: String(data.to_address),
        price: data.price as string | number,
        desc: String(data.desc),
        createdAt: now,
        updatedAt: now,
        publishedAt: now,
      });
      db.insert('transactions', row);
      return HttpResponse.json({ data: db.toStandard('transactions', row), meta: {} });
    }),

    /* ------------------------------------------------------------- authors */
    // Without the author type (deployed CMS) the routes do not exist: Strapi's plain 404.
    http.get(url('/api/authors/:id'), ({ request, params }) => {
      if (!db.hasAuthorType || !isIntText(params.id)) return notFound();
      return standardSingle('authors', Number(params.id), queryOf(request).populate);
    }),
    http.get(url('/api/authors'), ({ request }) => (db.hasAuthorType ? standardList(request, 'authors') : notFound())),

    /* ------------------------------------------------------------- user avatars and uploads */
    http.get(url('/api/user-avatars'), ({ request }) => {
      if (filtersOnUsers(queryOf(request).filters) && !mayFindUsers(request)) {
        return badRequest('Invalid parameter users_permissions_user');
      }
      return standardList(request, 'userAvatars');
    }),
    http.get(url('/api/user-avatars/:id'), ({ request, params }) =>
      isIntText(params.id) ? standardSingle('userAvatars', Number(params.id), queryOf(request).populate) : notFound(),
    ),
    http.post(url('/api/user-avatars'), async ({ request }) => {
      const auth = requireUser(request);
      if ('response' in auth) return auth.response;
      const form = await request.formData();
      let data: Record<string, unknown> = {};
      try {
        const raw = form.get('data');
        data = JSON.parse(typeof raw === 'string' ? raw : '{}') as Record<string, unknown>;
      } catch {
        return badRequest('data must be valid JSON');
      }
      const owner = relationId(data.users_permissions_user);
      if (owner !== null && owner !== auth.userId)
        return strapiError(403, 'PolicyError', 'You can only create your own avatar record');
      const existing = db.tables.userAvatars.find((avatar) => avatar.users_permissions_user === auth.userId);
      if (existing)
        return strapiError(
          403,
          'PolicyError',
          `You already have an avatar record (id ${existing.id}); upload to it instead`,
        );
      const stored = storeImage(form.get('files.avatar'));
      if ('response' in stored) return stored.response;
      const row = buildUserAvatar({
        id: db.nextId('userAvatars'),
        avatar: stored.file.id,
        // The stock controller: the link is what the body says, dropped for a role that may not `find` users.
        users_permissions_user: mayFindUsers(request) ? owner : null,
      });
      db.insert('userAvatars', row);
      return HttpResponse.json({ data: db.toStandard('userAvatars', row), meta: {} });
    }),
    http.post(url('/api/upload'), async ({ request }) => {
      const auth = requireUser(request);
      if ('response' in auth) return auth.response;
      const form = await request.formData();
      const ref = form.get('ref');
      const refId = Number(form.get('refId'));
      if (ref !== null) {
        const avatar = ref === 'api::user-avatar.user-avatar' ? db.find('userAvatars', refId) : undefined;
        if (!avatar) return notFound('Avatar record not found');
        if (avatar.users_permissions_user !== auth.userId)
          return strapiError(403, 'PolicyError', 'You can only change your own avatar record');
      }
      const stored = storeImage(form.get('files'));
      if ('response' in stored) return stored.response;
      if (ref !== null && form.get('field') === 'avatar') db.update('userAvatars', refId, { avatar: stored.file.id });
      return HttpResponse.json([stored.file]);
    }),
    http.delete(url('/api/upload/files/:id'), ({ request, params }) => {
      const auth = requireUser(request);
      if ('response' in auth) return auth.response;
      const file = db.find('files', Number(params.id));
      if (!file) return notFound('File not found');
      // Like the local CMS: only the file attached to the user's own avatar row, or to rows that lost
      // their user link (nobody's; the uploader cleans up after Strapi dropped the link).
      const attachedTo = db.tables.userAvatars.filter((avatar) => avatar.avatar === file.id);
      const owners = attachedTo.map((avatar) => avatar.users_permissions_user);
      const allowed = owners.includes(auth.userId) || (owners.length > 0 && owners.every((owner) => owner === null));
      if (!allowed) {
        return strapiError(403, 'PolicyError', 'You can only delete files of your own avatar');
      }
      for (const avatar of attachedTo) db.update('userAvatars', avatar.id, { avatar: null });
      db.remove('files', file.id);
      return HttpResponse.json(file);
    }),

    /* ------------------------------------------------------------- dashboard */
    // Without the type (the original source, deployed-system.md §B7.5): Strapi's plain 404.
    http.get(url('/api/natura-balances'), ({ request }) =>
      db.mode.naturaBalance ? standardList(request, 'naturaBalances') : notFound(),
    ),

    /* ------------------------------------------------------------- email (§4.7, §4.8) */
    http.post(url('/api/email'), async ({ request }) => {
      const refused = publicOnly(request);
      if (refused) return refused;
      const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      if (!body || typeof body !== 'object') return badRequest('Expected a JSON body { to, subject, html }');
      if (typeof body.to !== 'string' || body.to.trim().toLowerCase() !== CONTACT_EMAIL) {
        return badRequest(`Recipient not allowed: only ${CONTACT_EMAIL} can receive form e-mails`);
      }
      if (typeof body.subject !== 'string' || !EMAIL_SUBJECTS.includes(body.subject))
        return badRequest('Subject not allowed');
      if (typeof body.html !== 'string') return badRequest('Expected an html (or text) body');
      db.outbox.push({ to: body.to, subject: body.subject, html: body.html });
      // The email plugin's answer: `{}`, which says nothing about delivery.
      return HttpResponse.json({});
    }),
    http.post(url('/api/email-attachment'), async ({ request }) => {
      const refused = publicOnly(request);
      if (refused) return refused;
      const form = await request.formData();
      const fields: Record<string, string> = {};
      let file: (Blob & { name?: string }) | null = null;
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') fields[key] = value;
        else if (key === 'attachment') file ??= value;
      }
      // Like the deployed controller: without a file part named `attachment` (omitted, or sent as
      // a text field) it throws on the missing file, catches it and answers 200 with the error
      // serialised — `{}` — and sends nothing.
      if (!file) return HttpResponse.json({});
      const attachment = file.size > 0 ? { name: fileName(file), size: file.size } : null;
      db.outbox.push({ to: fields.to ?? '', subject: 'Do you have Project Form', fields, attachment });
      // Sent, and still `{}`: the deployed controller fails after the send (deployed-system.md §B4.7, §B7.4).
      return HttpResponse.json({});
    }),
  ];
}

/** The shared in-memory CMS of the app tests; reset to the default catalogue after each test. */
export const cmsDb = createCmsDb();
cmsDb.reset();

export const cmsHandlers = createCmsHandlers({ db: cmsDb });
