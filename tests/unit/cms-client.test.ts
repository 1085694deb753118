import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getAuthor } from '@/features/authors/api/get-author';
import { getCollection } from '@/features/collections/api/get-collection';
import { getHeroCollection } from '@/features/collections/api/get-hero-collection';
import { getCollectionNfts } from '@/features/nfts/api/get-collection-nfts';
import { getNft } from '@/features/nfts/api/get-nft';
import { toggleNftLike } from '@/features/nfts/api/toggle-nft-like';
import { authenticate, getSignInToken } from '@/features/wallet/api/sign-in';
import { getCmsClient } from '@/lib/cms/client';
import { createCmsClient, sendsBearer } from '@/lib/cms/http';
import { AppError } from '@/lib/errors/app-error';
import { server } from '../msw/server';

const CMS = 'http://cms.test';

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the call to reject');
}

/** Records the Authorization header of every CMS request. */
function recordAuthorization() {
  const seen: Array<string | null> = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.startsWith(CMS)) seen.push(request.headers.get('Authorization'));
  });
  return seen;
}

describe('bearer rules', () => {
  it('sends no Authorization header without a jwt (never "Bearer null")', async () => {
    const seen = recordAuthorization();
    localStorage.setItem('jwtToken', 'null');
    await getHeroCollection(createCmsClient({ baseURL: CMS }));
    await getHeroCollection(getCmsClient());
    expect(seen).toEqual([null, null]);
    server.events.removeAllListeners();
  });

  it('sends the stored jwt as a bearer on the calls deployed-system.md §B5 marks A, and on nothing else', async () => {
    const seen = recordAuthorization();
    localStorage.setItem('jwtToken', 'test-jwt');
    await toggleNftLike({ id: 2, likes: 4 }, getCmsClient());
    // Reads go without it, signed in or not (deployed-system.md §B7.3).
    await getHeroCollection(createCmsClient({ baseURL: CMS, getToken: () => 'abc' }));
    await getHeroCollection(getCmsClient());
    expect(seen).toEqual(['Bearer test-jwt', null, null]);
    server.events.removeAllListeners();
  });

  it('the rule: every write except the two form routes, plus the own-avatar lookup (#18, §7.2)', () => {
    const authenticated: Array<[string, string]> = [
      ['put', '/api/nft-v1s/3'],
      ['post', '/api/nft-v1s'],
      ['post', '/api/transactions'],
      ['post', '/api/collections'],
      ['post', '/api/user-avatars'],
      ['post', '/api/upload'],
      ['delete', '/api/upload/files/4'],
      ['get', '/api/user-avatars?populate=*'],
      ['GET', 'http://cms.test/api/user-avatars'],
    ];
    const anonymous: Array<[string, string]> = [
      ['post', '/api/email'],
      ['post', '/api/email-attachment'],
      ['POST', 'http://cms.test/api/email-attachment/'],
      ['get', '/api/collections'],
      ['get', '/api/collections/get_collection?id=1'],
      ['get', '/api/nft'],
      ['get', '/api/nft-v1s/3'],
      ['get', '/api/natura-balances'],
      ['get', '/api/user-avatars/12'],
      ['get', '/webthree-auth/token/0x1'],
    ];
    for (const [method, url] of authenticated)
      expect([method, url, sendsBearer(method, url)]).toEqual([method, url, true]);
    for (const [method, url] of anonymous)
      expect([method, url, sendsBearer(method, url)]).toEqual([method, url, false]);
  });

  it('an unauthenticated write is refused (403) and a bad token is 401', async () => {
    const anonymous = createCmsClient({ baseURL: CMS });
    expect((await rejection(toggleNftLike({ id: 2, likes: 10 }, anonymous))).kind).toBe('forbidden');
    const badToken = createCmsClient({ baseURL: CMS, getToken: () => 'expired' });
    expect((await rejection(toggleNftLike({ id: 2, likes: 4 }, badToken))).kind).toBe('unauthorized');
  });
});

describe('error mapping', () => {
  const client = createCmsClient({ baseURL: CMS });

  it('an unknown NFT id is not-found: the deployed 200 { props: [] } and a plain 404 alike', async () => {
    expect((await rejection(getNft(999, client))).kind).toBe('not-found');
    server.use(http.get(`${CMS}/api/nft-v1s/:id`, () => HttpResponse.json({ props: [] })));
    expect((await rejection(getNft(999, client))).kind).toBe('not-found');
    server.use(
      http.get(`${CMS}/api/nft-v1s/:id`, () =>
        HttpResponse.json(
          { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } },
          { status: 404 },
        ),
      ),
    );
    expect((await rejection(getNft(999, client))).kind).toBe('not-found');
  });

  it('an unknown collection (empty get_collection array) is not-found', async () => {
    expect((await rejection(getCollection(999, client))).kind).toBe('not-found');
  });

  it('an author route that does not exist at all (deployed CMS) is not-found', async () => {
    server.use(
      http.get(`${CMS}/api/authors/:id`, () =>
        HttpResponse.json(
          { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } },
          { status: 404 },
        ),
      ),
    );
    expect((await rejection(getAuthor(1, client))).kind).toBe('not-found');
  });

  it('a 400 keeps the CMS message', async () => {
    server.use(
      http.get(`${CMS}/api/nft-v1s`, () =>
        HttpResponse.json(
          { data: null, error: { status: 400, message: 'statuses must be a JSON array' } },
          { status: 400 },
        ),
      ),
    );
    const error = await rejection(getCollectionNfts({ collectionId: 1, statuses: [1] }, 1, client));
    expect(error).toMatchObject({ kind: 'http', status: 400, message: 'statuses must be a JSON array' });
  });

  it('a 500 is an http error, an unreachable server a network error', async () => {
    server.use(http.get(`${CMS}/api/nft-v1s/:id`, () => new HttpResponse('boom', { status: 500 })));
    expect(await rejection(getNft(1, client))).toMatchObject({ kind: 'http', status: 500 });
    server.use(http.get(`${CMS}/api/nft-v1s/:id`, () => HttpResponse.error()));
    expect((await rejection(getNft(1, client))).kind).toBe('network');
  });

  it('a 200 with an unexpected list is invalid-response; a record that fails its schema is not-found', async () => {
    server.use(http.get(`${CMS}/api/nft-v1s/:id`, () => HttpResponse.json({ token_name: 'no id' })));
    expect((await rejection(getNft(1, client))).kind).toBe('not-found');
    server.use(http.get(`${CMS}/api/nft-v1s`, () => HttpResponse.json({ data: 'not a list' })));
    expect((await rejection(getCollectionNfts({ collectionId: 1, statuses: [] }, 1, client))).kind).toBe(
      'invalid-response',
    );
  });

  it('webthree-auth failures answered with HTTP 200 become AppErrors', async () => {
    expect((await rejection(getSignInToken('not-an-address', client))).message).toBe('Invalid address');
    expect(
      (await rejection(authenticate('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x1234', client))).message,
    ).toBe('Invalid signature');
  });
});
