import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '@/config/env';
import { createReadProvider } from '@/lib/chain/provider';
import { AppError } from '@/lib/errors/app-error';
import { getAllWalletNfts, getNftIndexer, nftIndexerSource } from '@/lib/indexer/get-nft-indexer';
import { resolveImageUrl, toGatewayUrl } from '@/lib/indexer/image-url';
import { createMoralisIndexer } from '@/lib/indexer/moralis-indexer';
import type { IndexedNft, NftIndexer, NftRef } from '@/lib/indexer/nft-indexer';
import { createOnChainIndexer } from '@/lib/indexer/onchain-indexer';
import { INDEXER_KEY, INDEXER_URL, buildMoralisNft, createMoralisServer } from '../msw/moralis-handlers';
import { server } from '../msw/server';
import { CHAIN_ID, FakeChain, RPC_URL, USER } from './fake-chain';
import { FakeNftCollection } from './fake-nft-collection';

const GATEWAY = 'https://ipfs.test/ipfs/';
const SAVANNA = '0x610178dA211FEF7D417bC0e6FeD39F05609AD788';
const CORAL = '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6';
const POOLS = [
  '0x2000000000000000000000000000000000000000',
  '0x2000000000000000000000000000000000000001',
  '0x2000000000000000000000000000000000000002',
  '0x2000000000000000000000000000000000000003',
] as const;
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const METADATA_BASE = 'http://cms.test/api/nft-metadata';

const moralisIndexer = () =>
  createMoralisIndexer({ baseUrl: INDEXER_URL, chain: 'polygon', apiKey: INDEXER_KEY, ipfsGateway: GATEWAY });

describe('image URLs (deployed-system.md §I3)', () => {
  it('rewrites ipfs:// through the gateway, keeps other URLs, and gives null for nothing', () => {
    expect(toGatewayUrl('ipfs://QmAbc/1.png', 'https://ipfs.io/ipfs/')).toBe('https://ipfs.io/ipfs/QmAbc/1.png');
    expect(toGatewayUrl('ipfs://ipfs/QmAbc', 'https://ipfs.io/ipfs')).toBe('https://ipfs.io/ipfs/QmAbc');
    expect(toGatewayUrl('https://cdn.test/a.png', GATEWAY)).toBe('https://cdn.test/a.png');
    expect(toGatewayUrl('  ', GATEWAY)).toBeNull();
    expect(toGatewayUrl(null, GATEWAY)).toBeNull();
    expect(resolveImageUrl('/uploads/a.png', GATEWAY, 'http://cms.test/api/nft-metadata/x/1')).toBe(
      'http://cms.test/uploads/a.png',
    );
  });
});

describe('Moralis source (deployed-system.md §I2)', () => {
  let moralis: ReturnType<typeof createMoralisServer>;
  beforeEach(() => {
    moralis = createMoralisServer();
    server.use(...moralis.handlers);
  });

  it('asks for the wallet NFTs with the deployed query shape', async () => {
    moralis.add(buildMoralisNft(USER, SAVANNA, 2));
    const indexer = moralisIndexer();
    await indexer.getWalletNfts({ owner: USER, limit: 100 });
    await indexer.getWalletNfts({ owner: USER, limit: 20, contracts: POOLS, cursor: null });

    const [profile, staking] = moralis.requests;
    expect(profile?.path).toBe(`/${USER}/nft`);
    expect(profile?.apiKey).toBe(INDEXER_KEY);
    expect(Object.fromEntries(profile?.params ?? [])).toEqual({
      chain: 'polygon',
      format: 'decimal',
      limit: '100',
      cursor: '',
      normalizeMetadata: 'true',
    });
    expect(staking?.params.get('limit')).toBe('20');
    expect(staking?.params.getAll('token_addresses[]')).toEqual([...POOLS]);
  });

  it('maps an item to the common shape (ipfs image rewritten, collection name, contract type)', async () => {
    moralis.add(
      buildMoralisNft(USER, SAVANNA, 2, { name: 'Echo #2', description: 'Lions', collectionName: 'Savanna' }),
    );
    const page = await moralisIndexer().getWalletNfts({ owner: USER, limit: 100 });
    expect(page).toEqual({
      cursor: null,
      items: [
        {
          contract: SAVANNA.toLowerCase(),
          tokenId: 2n,
          name: 'Echo #2',
          collectionName: 'Savanna',
          description: 'Lions',
          image: `${GATEWAY}Qm2/image.png`,
          contractType: 'ERC721',
        },
      ],
    });
  });

  it('pages with the cursor to the end: 250 NFTs over three pages, total null, stopping at cursor null', async () => {
    for (let id = 1; id <= 250; id += 1) moralis.add(buildMoralisNft(USER, SAVANNA, id));
    moralis.add(buildMoralisNft(OTHER, SAVANNA, 999));

    const all = await getAllWalletNfts(moralisIndexer(), { owner: USER, limit: 100 });

    expect(all).toHaveLength(250);
    expect(new Set(all.map((nft) => nft.tokenId)).size).toBe(250);
    expect(all.at(-1)?.tokenId).toBe(250n);
    expect(moralis.requests).toHaveLength(3);
    expect(moralis.requests.map((request) => request.params.get('cursor'))).toEqual([
      '',
      expect.stringMatching(/.+/),
      expect.stringMatching(/.+/),
    ]);
  });

  it('fetches metadata in parallel batches of 25 and re-matches them by contract + token id, not order', async () => {
    for (let id = 1; id <= 60; id += 1) moralis.add(buildMoralisNft(OTHER, id % 2 ? SAVANNA : CORAL, id));
    moralis.state.metadataDelayMs = 30;
    const refs: NftRef[] = Array.from({ length: 61 }, (_, index) => ({
      contract: index % 2 ? CORAL : SAVANNA,
      // id 1 → Savanna… id 61 is unknown to Moralis.
      tokenId: BigInt(index + 1),
    }));
    // Ask for even ids in Savanna / odd ids in Coral too: those do not exist and must not borrow others' data.
    refs[0] = { contract: CORAL, tokenId: 1n };

    const found = await moralisIndexer().getNftsMetadata(refs);

    const batches = moralis.requests.map((request) => (request.body as { tokens: unknown[] }).tokens.length);
    expect(batches).toEqual([25, 25, 11]);
    expect(moralis.requests.every((request) => request.params.get('chain') === 'polygon')).toBe(true);
    expect(moralis.requests[0]?.body).toMatchObject({ normalizeMetadata: true });
    expect(moralis.concurrency.max).toBe(3);
    // Asked: Coral#1 (unknown), Coral#2, Savanna#3, …, Savanna#59, Coral#60, Savanna#61 (unknown).
    expect(found.map((nft) => nft.tokenId)).toEqual(Array.from({ length: 59 }, (_, index) => BigInt(index + 2)));
    for (const nft of found) {
      expect(nft.contract).toBe((nft.tokenId % 2n ? SAVANNA : CORAL).toLowerCase());
      expect(nft.name).toBe(`Token #${nft.tokenId}`);
    }
  });

  it('reports an outage or an answer of the wrong shape as errors, not as an empty wallet', async () => {
    moralis.state.down = true;
    await expect(moralisIndexer().getWalletNfts({ owner: USER, limit: 100 })).rejects.toMatchObject({
      kind: 'http',
      status: 503,
    });
    server.use(http.get(`${INDEXER_URL}/:owner/nft`, () => HttpResponse.json({ items: [] })));
    await expect(moralisIndexer().getWalletNfts({ owner: USER, limit: 100 })).rejects.toBeInstanceOf(AppError);
  });
});

describe('on-chain source (no key)', () => {
  let chain: FakeChain;
  let savanna: FakeNftCollection;
  let coral: FakeNftCollection;
  let metadataRequests: string[];

  beforeEach(() => {
    chain = new FakeChain().serveRpc();
    savanna = chain.install(
      SAVANNA,
      new FakeNftCollection(chain, SAVANNA, 'Savanna Echoes', `${METADATA_BASE}/savanna-echoes/`),
    );
    coral = chain.install(CORAL, new FakeNftCollection(chain, CORAL, 'Coral Guardians', 'ipfs://QmCoral/'));
    metadataRequests = [];
    server.use(
      http.get(`${METADATA_BASE}/:key/:id`, ({ params }) => {
        metadataRequests.push(`${String(params.key)}/${String(params.id)}`);
        return HttpResponse.json({
          name: `Echo #${String(params.id)}`,
          description: 'Lions at dusk',
          image: `ipfs://QmEcho/${String(params.id)}.png`,
        });
      }),
      http.get(`${GATEWAY}QmCoral/:id`, ({ params }) =>
        HttpResponse.json({ name: `Coral #${String(params.id)}`, description: null, image: '/uploads/coral.png' }),
      ),
    );
  });

  const onChain = (known: readonly string[] = [SAVANNA, CORAL]): NftIndexer =>
    createOnChainIndexer({
      runner: createReadProvider(RPC_URL, CHAIN_ID, { pollingInterval: 10 }),
      knownContracts: () => Promise.resolve(known),
      ipfsGateway: GATEWAY,
    });

  it('returns the same shape as Moralis for the same NFT', async () => {
    savanna.mintTo(USER, 2);
    const moralis = createMoralisServer();
    server.use(...moralis.handlers);
    moralis.add(
      buildMoralisNft(USER, SAVANNA, 2, {
        name: 'Echo #2',
        description: 'Lions at dusk',
        collectionName: 'Savanna Echoes',
        image: 'ipfs://QmEcho/2.png',
      }),
    );

    const fromChain = await onChain().getWalletNfts({ owner: USER, limit: 100 });
    const fromMoralis = await moralisIndexer().getWalletNfts({ owner: USER, limit: 100 });

    expect(fromChain).toEqual(fromMoralis);
    expect(fromChain.items[0]).toEqual<IndexedNft>({
      contract: SAVANNA.toLowerCase() as `0x${string}`,
      tokenId: 2n,
      name: 'Echo #2',
      collectionName: 'Savanna Echoes',
      description: 'Lions at dusk',
      image: `${GATEWAY}QmEcho/2.png`,
      contractType: 'ERC721',
    });
  });

  it('enumerates every known contract, skips addresses that are not collections, and resolves ipfs metadata', async () => {
    savanna.mintTo(USER, 3, 1).mintTo(OTHER, 2);
    coral.mintTo(USER, 1);
    const notACollection = '0x4000000000000000000000000000000000000001';

    const page = await onChain([SAVANNA, notACollection, CORAL, SAVANNA.toLowerCase()]).getWalletNfts({
      owner: USER,
      limit: 100,
    });

    expect(page.cursor).toBeNull();
    expect(page.items.map((nft) => [nft.collectionName, nft.tokenId, nft.name, nft.image])).toEqual([
      ['Savanna Echoes', 1n, 'Echo #1', `${GATEWAY}QmEcho/1.png`],
      ['Savanna Echoes', 3n, 'Echo #3', `${GATEWAY}QmEcho/3.png`],
      ['Coral Guardians', 1n, 'Coral #1', 'https://ipfs.test/uploads/coral.png'],
    ]);
  });

  it('only reads the contracts a query names (staking: the pools)', async () => {
    savanna.mintTo(USER, 1);
    coral.mintTo(USER, 1);
    const page = await onChain().getWalletNfts({ owner: USER, limit: 20, contracts: [CORAL] });
    expect(page.items.map((nft) => nft.contract)).toEqual([CORAL.toLowerCase()]);
  });

  it('pages with an offset cursor and fetches metadata only for the page', async () => {
    savanna.mintTo(USER, 1, 2, 3, 4, 5);
    const indexer = onChain([SAVANNA]);
    const first = await indexer.getWalletNfts({ owner: USER, limit: 2 });
    expect(first.items.map((nft) => nft.tokenId)).toEqual([1n, 2n]);
    expect(metadataRequests).toEqual(['savanna-echoes/1', 'savanna-echoes/2']);
    const all = await getAllWalletNfts(indexer, { owner: USER, limit: 2 });
    expect(all.map((nft) => nft.tokenId)).toEqual([1n, 2n, 3n, 4n, 5n]);
  });

  it.each([1, 40])('holding %i token(s) costs the same 3 JSON-RPC HTTP requests', async (count) => {
    savanna.mintTo(USER, ...Array.from({ length: count }, (_, index) => index + 1));
    coral.mintTo(OTHER, 1);
    chain.rpcRequests = 0;

    const page = await onChain([SAVANNA, CORAL, ...POOLS]).getWalletNfts({ owner: USER, limit: 100 });

    expect(page.items).toHaveLength(count);
    expect(page.items.every((nft) => nft.name === `Echo #${nft.tokenId}`)).toBe(true);
    // balances · token ids · token URIs + names
    expect(chain.rpcRequests).toBe(3);
  });

  it('gives metadata by (contract, token id), leaving out tokens that do not exist', async () => {
    savanna.mintTo(OTHER, 7);
    coral.mintTo(USER, 2);
    const found = await onChain().getNftsMetadata([
      { contract: CORAL, tokenId: 2n },
      { contract: SAVANNA, tokenId: 99n },
      { contract: SAVANNA, tokenId: 7n },
    ]);
    expect(found.map((nft) => [nft.contract, nft.tokenId, nft.name])).toEqual([
      [CORAL.toLowerCase(), 2n, 'Coral #2'],
      [SAVANNA.toLowerCase(), 7n, 'Echo #7'],
    ]);
  });

  it('keeps a token whose metadata cannot be read, without a name or image', async () => {
    savanna.mintTo(USER, 1);
    server.use(http.get(`${METADATA_BASE}/:key/:id`, () => new HttpResponse('nope', { status: 500 })));
    const page = await onChain([SAVANNA]).getWalletNfts({ owner: USER, limit: 100 });
    expect(page.items).toMatchObject([{ tokenId: 1n, name: null, image: null, collectionName: 'Savanna Echoes' }]);
  });

  it('fails when the node is down instead of answering an empty wallet', async () => {
    savanna.mintTo(USER, 1);
    chain.rpcDown = true;
    await expect(onChain([SAVANNA]).getWalletNfts({ owner: USER, limit: 100 })).rejects.toThrow();
  });
});

describe('getNftIndexer', () => {
  const base = {
    VITE_CMS_URL: 'http://cms.test',
    VITE_RPC_URL: RPC_URL,
    VITE_CHAIN_ID: String(CHAIN_ID),
    VITE_CHAIN_NAME: 'Anvil Local',
    VITE_EXPLORER_URL: 'https://explorer.test/',
    VITE_USDT_ADDRESS: '0x1000000000000000000000000000000000000001',
    VITE_NATURA_ADDRESS: '0x1000000000000000000000000000000000000002',
    VITE_MARKETPLACE_ADDRESS: '0x1000000000000000000000000000000000000003',
    VITE_STAKING_ADDRESS: '0x1000000000000000000000000000000000000004',
    VITE_STAKING_HELPER_ADDRESS: '0x1000000000000000000000000000000000000005',
    VITE_SWAP_ADDRESS: '0x1000000000000000000000000000000000000006',
    VITE_STAKING_POOL_0: POOLS[0],
    VITE_STAKING_POOL_1: POOLS[1],
    VITE_STAKING_POOL_2: POOLS[2],
    VITE_STAKING_POOL_3: CORAL,
    VITE_INDEXER_URL: INDEXER_URL,
    VITE_IPFS_GATEWAY: GATEWAY,
    VITE_WALLETCONNECT_PROJECT_ID: 'test',
    VITE_CONTACT_EMAIL: 'info@terramaternfts.com',
  };

  it('uses Moralis when an API key is configured', async () => {
    const config = parseConfig({ ...base, VITE_INDEXER_API_KEY: INDEXER_KEY });
    const moralis = createMoralisServer();
    server.use(...moralis.handlers);
    moralis.add(buildMoralisNft(USER, SAVANNA, 5));
    expect(nftIndexerSource(config)).toBe('moralis');
    const page = await (await getNftIndexer(config)).getWalletNfts({ owner: USER, limit: 100 });
    expect(page.items.map((nft) => nft.tokenId)).toEqual([5n]);
    expect(moralis.requests).toHaveLength(1);
  });

  it('reads only the trusted collections without a key: the pools and VITE_TRUSTED_COLLECTIONS, never another contract', async () => {
    const UNTRUSTED = '0x9A9f2CCfdE556A7E9Ff0848998Aa4a0CFD8863AE';
    const config = parseConfig({ ...base, VITE_INDEXER_API_KEY: '', VITE_TRUSTED_COLLECTIONS: SAVANNA });
    const chain = new FakeChain().serveRpc();
    chain.install(SAVANNA, new FakeNftCollection(chain, SAVANNA, 'Savanna Echoes', 'ipfs://QmS/')).mintTo(USER, 1);
    chain.install(CORAL, new FakeNftCollection(chain, CORAL, 'Coral Guardians', 'ipfs://QmC/')).mintTo(USER, 4);
    chain
      .install(UNTRUSTED, new FakeNftCollection(chain, UNTRUSTED, 'Look-alike', 'https://evil.test/'))
      .mintTo(USER, 7);
    const calledAt = new Set<string>();
    server.events.on('request:start', ({ request }) => {
      if (request.url !== RPC_URL && !request.url.startsWith(`${RPC_URL}/`)) return;
      void request
        .clone()
        .json()
        .then((body: { params?: [{ to?: string }] } | { params?: [{ to?: string }] }[]) => {
          for (const rpc of Array.isArray(body) ? body : [body]) {
            const to = rpc.params?.[0]?.to;
            if (to) calledAt.add(to.toLowerCase());
          }
        });
    });
    server.use(http.get(`${GATEWAY}:cid/:id`, ({ params }) => HttpResponse.json({ name: `#${String(params.id)}` })));
    expect(nftIndexerSource(config)).toBe('onchain');

    const indexer = await getNftIndexer(config);
    const page = await indexer.getWalletNfts({ owner: USER, limit: 100 });
    const untrustedQuery = await indexer.getWalletNfts({ owner: USER, limit: 100, contracts: [UNTRUSTED] });
    const metadata = await indexer.getNftsMetadata([{ contract: UNTRUSTED, tokenId: 7n }]);
    server.events.removeAllListeners();

    // Coral is pool 3 in this configuration; the untrusted contract is never asked anything.
    expect(page.items.map((nft) => [nft.collectionName, nft.tokenId])).toEqual([
      ['Coral Guardians', 4n],
      ['Savanna Echoes', 1n],
    ]);
    expect(untrustedQuery.items).toEqual([]);
    expect(metadata).toEqual([]);
    expect(calledAt.has(UNTRUSTED.toLowerCase())).toBe(false);
    expect(calledAt.has(SAVANNA.toLowerCase())).toBe(true);
  });
});
