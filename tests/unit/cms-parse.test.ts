import { beforeEach, describe, expect, it } from 'vitest';
import {
  droppedCmsRowCount,
  flattenStrapi,
  formatCmsPrice,
  parseArray,
  parseFlatList,
  parseStandardList,
  parseNaturaAmount,
  parseStandardSingle,
  parseNftRecord,
  parseUsdtPrice,
  resetDroppedCmsRows,
  resolveMediaUrl,
  toCollection,
  toNft,
  toNaturaBalances,
  toNftStatus,
  toTransaction,
  toUserAvatar,
} from '@/lib/cms/parse';
import { AppError } from '@/lib/errors/app-error';
import { FLAT_COLLECTION_POPULATE, FLAT_NFT_POPULATE, createCmsDb, seedDefault } from '../msw/cms-db';
import { buildCollection, buildFile } from '../msw/factories';

const context = { baseUrl: 'http://cms.test' };

function seededDb() {
  const db = createCmsDb();
  seedDefault(db);
  return db;
}

function expectInvalid(action: () => unknown) {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('invalid-response');
    return;
  }
  throw new Error('expected an invalid-response AppError');
}

describe('parseUsdtPrice', () => {
  it.each([
    ['25.5', 25_500_000n],
    [25.5, 25_500_000n],
    ['120.25', 120_250_000n],
    [200, 200_000_000n],
    ['0.000001', 1n],
    [0.1, 100_000n],
    ['25.500000000', 25_500_000n],
    [' 7 ', 7_000_000n],
    ['3.', 3_000_000n],
    [null, 0n],
    [undefined, 0n],
  ])('%s → %s base units', (input, expected) => {
    expect(parseUsdtPrice(input)).toBe(expected);
  });

  it('converts without float rounding (0.1 + 0.2 style values stay exact)', () => {
    expect(parseUsdtPrice('1234567890.123456')).toBe(1_234_567_890_123_456n);
    expect(parseUsdtPrice(0.3)).toBe(300_000n);
  });

  it.each(['1.0000001', 'abc', '-1', '1e3', '1,5', Number.NaN, 0.30000000000000004])('rejects %s', (input) => {
    expectInvalid(() => parseUsdtPrice(input));
  });

  it('formatCmsPrice is its inverse', () => {
    expect(formatCmsPrice(25_500_000n)).toBe('25.5');
    expect(formatCmsPrice(200_000_000n)).toBe('200');
    expect(formatCmsPrice(1n)).toBe('0.000001');
    for (const value of ['25.5', '0.000001', '120.25', '0']) expect(formatCmsPrice(parseUsdtPrice(value))).toBe(value);
  });
});

describe("Natura amounts (the admin's released figures)", () => {
  it.each([
    [1000, 1000n * 10n ** 18n],
    [250.5, 2505n * 10n ** 17n],
    ['120000.25', 12_000_025n * 10n ** 16n],
    [0.1, 10n ** 17n],
    // An admin adding 0.1 and 0.2 in JavaScript stores 0.30000000000000004: kept, exactly.
    [0.1 + 0.2, 300_000_000_000_000_040n],
    // JSON numbers in exponent form are written out, not rejected.
    [1e-7, 10n ** 11n],
    [1e21, 10n ** 39n],
    [null, 0n],
  ])('%s → %s wei', (input, expected) => {
    expect(parseNaturaAmount(input)).toBe(expected);
  });

  it.each(['-1', 'abc', 1e-19, Number.POSITIVE_INFINITY])('rejects %s', (input) => {
    expectInvalid(() => parseNaturaAmount(input));
  });

  it('a natura-balance row becomes wei, a missing field 0', () => {
    expect(
      toNaturaBalances({
        id: 1,
        attributes: { team_natura_released: 1500000, incentive_program_released: '250000.5', rnd_release: null },
      }),
    ).toEqual({
      teamReleased: 1_500_000n * 10n ** 18n,
      incentiveReleased: 2_500_005n * 10n ** 17n,
      rndReleased: 0n,
      reserveReleased: 0n,
    });
  });
});

describe('transactions', () => {
  it('carry their collection id when the relation is populated', () => {
    const populated = { id: 4, attributes: { price: 12, collection: { data: { id: 9, attributes: { name: 'X' } } } } };
    expect(toTransaction(populated)).toMatchObject({ id: 4, price: 12_000_000n, collectionId: 9 });
    expect(toTransaction({ id: 5, attributes: { price: '1.5' } }).collectionId).toBeNull();
  });
});

describe('media urls', () => {
  it('keeps absolute urls and prefixes the local upload folder with the CMS base', () => {
    expect(resolveMediaUrl('https://terra-mater.s3.amazonaws.com/a.png', context)).toBe(
      'https://terra-mater.s3.amazonaws.com/a.png',
    );
    expect(resolveMediaUrl('/uploads/a.png', context)).toBe('http://cms.test/uploads/a.png');
    expect(resolveMediaUrl(null, context)).toBeNull();
    expect(resolveMediaUrl('', context)).toBeNull();
  });
});

describe('image sizes', () => {
  const media = (id: number, attributes: Record<string, unknown>) => ({ data: { id, attributes } });
  it("a CMS image's Strapi formats become a srcset, narrowest first, the original last; none without formats", () => {
    const collection = toCollection(
      {
        id: 9,
        attributes: {
          name: 'Sized',
          banner: media(3, {
            url: '/uploads/banner.png',
            width: 1920,
            height: 600,
            formats: {
              large: { url: '/uploads/large_banner.png', width: 1000, height: 313 },
              thumbnail: { url: '/uploads/thumbnail_banner.png', width: 245, height: 77 },
              medium: { url: '/uploads/medium_banner.png', width: 750, height: 234 },
              small: { url: '/uploads/small_banner.png', width: 500, height: 156 },
            },
          }),
          feature_img: media(4, { url: 'https://terra-mater.s3.amazonaws.com/logo.svg', formats: null }),
        },
      },
      context,
    );
    expect(collection.bannerUrl).toBe('http://cms.test/uploads/banner.png');
    expect(collection.bannerSrcSet).toBe(
      [
        'http://cms.test/uploads/thumbnail_banner.png 245w',
        'http://cms.test/uploads/small_banner.png 500w',
        'http://cms.test/uploads/medium_banner.png 750w',
        'http://cms.test/uploads/large_banner.png 1000w',
        'http://cms.test/uploads/banner.png 1920w',
      ].join(', '),
    );
    expect(collection.featureImageUrl).toBe('https://terra-mater.s3.amazonaws.com/logo.svg');
    expect(collection.featureImageSrcSet).toBeUndefined();
  });
});

describe('both Strapi shapes give the same domain object', () => {
  it('collection: standard { id, attributes } vs get_collection flat', () => {
    const db = seededDb();
    const row = db.find('collections', 1)!;
    const standard = db.toStandard('collections', row, { category: true, banner: true, feature_img: true });
    const flat = db.toFlat('collections', row, FLAT_COLLECTION_POPULATE);
    expect(standard).toHaveProperty('attributes.feature_img.data.attributes.url');
    const fromStandard = toCollection(standard, context);
    expect(fromStandard).toEqual(toCollection(flat, context));
    expect(fromStandard).toMatchObject({
      id: 1,
      name: 'Terra Genesis',
      status: 'Active',
      feature: true,
      featureImageUrl: 'https://terra-mater.s3.amazonaws.com/image-2.png',
      bannerUrl: 'https://terra-mater.s3.amazonaws.com/image-1.png',
      category: { id: 1, name: 'Art' },
      chainId: 137,
      chainName: 'Polygon Mainnet',
      socials: { website: 'https://terramaternfts.com', twitter: 'https://twitter.com/terramater', discord: null },
      publishedAt: '2024-01-10T10:00:00.000Z',
    });
  });

  it('nft: /api/nft standard vs /api/nft-v1s flat, prices as bigint', () => {
    const db = seededDb();
    const row = db.find('nfts', 2)!;
    const standard = db.toStandard('nfts', row, {
      collection: { category: true, banner: true, feature_img: true },
      nft_status: true,
      author: { avatar: true },
    });
    const flat = db.toFlat('nfts', row, FLAT_NFT_POPULATE);
    const nft = toNft(flat, context);
    expect(toNft(standard, context)).toEqual(nft);
    expect(nft).toMatchObject({
      id: 2,
      tokenId: 2,
      tokenName: 'Genesis #2',
      price: 120_250_000n,
      itemId: 4,
      likes: 3,
      views: 10,
      status: { id: 2, label: 'Buy Now' },
      collection: { id: 1, name: 'Terra Genesis' },
      author: null,
      props: [],
    });
  });

  it('nft single (flat) with props, status and lower-case collection status', () => {
    const nft = toNft(
      {
        id: 9,
        token_id: 9,
        token_name: 'Nine',
        description: 'd',
        price: '25.5',
        token_standard: 'ERC721',
        img_url: '/uploads/nine.png',
        nft_status: { id: 1, Status: 'Mint' },
        collection: { id: 3, name: 'C', status: 'active', feature_img: { id: 5, url: '/uploads/logo.png' } },
        props: [{ id: 1, Property: 'Eyes', value: 'Blue', nft_v_1: 9 }],
      },
      context,
    );
    expect(nft.price).toBe(25_500_000n);
    expect(nft.imageUrl).toBe('http://cms.test/uploads/nine.png');
    expect(nft.collection?.status).toBe('Active');
    expect(nft.collection?.featureImageUrl).toBe('http://cms.test/uploads/logo.png');
    expect(nft.props).toEqual([{ id: 1, property: 'Eyes', value: 'Blue' }]);
  });
});

describe('nulls and missing optional fields', () => {
  it('a bare collection row maps with nulls and defaults', () => {
    const collection = toCollection(
      { id: 4, attributes: { name: 'Bare', feature_img: { data: null }, banner: { data: null } } },
      context,
    );
    expect(collection).toMatchObject({
      id: 4,
      name: 'Bare',
      status: 'Inactive',
      feature: false,
      featureImageUrl: null,
      bannerUrl: null,
      category: null,
      description: null,
      ownerUserId: null,
      chainId: null,
    });
  });

  it('an NFT without relations, price or counters', () => {
    const nft = toNft(
      { id: 1, token_name: null, price: null, img_url: null, nft_status: null, collection: null },
      context,
    );
    expect(nft).toMatchObject({
      price: 0n,
      likes: 0,
      views: 0,
      imageUrl: null,
      status: null,
      collection: null,
      tokenName: '',
      props: [],
    });
  });

  it('unpopulated relations (bare ids) are tolerated', () => {
    const nft = toNft({ id: 1, nft_status: 2, collection: 5 }, context);
    expect(nft.status).toEqual({ id: 2, label: '' });
    expect(nft.collection).toBeNull();
    const collection = toCollection(buildCollection({ id: 8, users_permissions_user: 7 }), context);
    expect(collection.ownerUserId).toBe(7);
  });

  it('an avatar row without a file', () => {
    expect(toUserAvatar({ id: 3, attributes: { avatar: { data: null } } }, context)).toEqual({
      id: 3,
      fileId: null,
      url: null,
    });
    const file = buildFile({ id: 9, url: '/uploads/me.png' });
    expect(
      toUserAvatar({ id: 3, attributes: { avatar: { data: { id: file.id, attributes: file } } } }, context),
    ).toEqual({
      id: 3,
      fileId: 9,
      url: 'http://cms.test/uploads/me.png',
    });
  });
});

describe('invalid shapes', () => {
  it.each([
    ['a collection without id', () => toCollection({ name: 'x' }, context)],
    ['a status with a numeric label', () => toNftStatus({ id: 1, attributes: { Status: 5 } })],
    ['a transaction with an object price', () => toTransaction({ id: 1, price: { value: 1 } })],
    ['a list that is not a list', () => parseStandardList({ data: {} }, toNftStatus)],
    ['an HTML error page', () => parseStandardList('<html>', toNftStatus)],
    ['get_collection not an array', () => parseArray({ data: [] }, (raw) => toCollection(raw, context))],
    ['a flat list without meta', () => parseFlatList({ data: [] }, (raw) => toNft(raw, context))],
    ['a single without data', () => parseStandardSingle({ id: 1 }, toNftStatus)],
  ])('%s → invalid-response', (_name, action) => {
    expectInvalid(action);
  });
});

describe('list envelopes', () => {
  it('standard pagination, both variants', () => {
    const rows = [{ id: 1, attributes: { Status: 'Mint' } }];
    expect(
      parseStandardList(
        { data: rows, meta: { pagination: { page: 2, pageSize: 1, pageCount: 3, total: 3 } } },
        toNftStatus,
      ),
    ).toEqual({
      items: [{ id: 1, label: 'Mint' }],
      page: 2,
      pageSize: 1,
      pageCount: 3,
      total: 3,
    });
    expect(
      parseStandardList({ data: rows, meta: { pagination: { start: 0, limit: 1, total: 5 } } }, toNftStatus),
    ).toEqual({
      items: [{ id: 1, label: 'Mint' }],
      page: 1,
      pageSize: 1,
      pageCount: 5,
      total: 5,
    });
  });

  it('the custom flat list echoes page as a string', () => {
    const page = parseFlatList({ data: [], meta: { page: '3', pageSize: 24, pageCount: 3, total: 60 } }, (raw) =>
      toNft(raw, context),
    );
    expect(page).toEqual({ items: [], page: 3, pageSize: 24, pageCount: 3, total: 60 });
  });

  it('flattenStrapi unwraps nested relations and leaves flat objects alone', () => {
    expect(flattenStrapi({ id: 1, attributes: { a: { data: { id: 2, attributes: { b: { data: null } } } } } })).toEqual(
      {
        id: 1,
        a: { id: 2, b: null },
      },
    );
    const flat = { id: 1, collection: { id: 2, name: 'x' } };
    expect(flattenStrapi(flat)).toEqual(flat);
  });
});

describe('a bad row is one bad row', () => {
  beforeEach(() => resetDroppedCmsRows());
  const nftRow = (id: number, price: unknown) => ({ id, token_id: id, token_name: `#${id}`, price });

  it('a flat NFT list leaves out the rows priced -1 and 0.0000001, shows the rest and counts them', () => {
    const page = parseFlatList(
      {
        data: [nftRow(1, 10), nftRow(2, -1), nftRow(3, '2.5'), nftRow(4, 0.0000001)],
        meta: { page: 1, pageSize: 24, pageCount: 1, total: 4 },
      },
      (raw) => toNft(raw, context),
    );
    expect(page.items.map((nft) => nft.id)).toEqual([1, 3]);
    // The total counts what can be shown, so "load more" does not wait for rows that never come.
    expect(page.total).toBe(2);
    expect(droppedCmsRowCount('NFT')).toBe(2);
    expect(droppedCmsRowCount()).toBe(2);
  });

  it('a standard transaction list leaves out the -5 row', () => {
    const page = parseStandardList(
      {
        data: [
          { id: 1, attributes: { price: 12.5 } },
          { id: 2, attributes: { price: -5 } },
        ],
        meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 2 } },
      },
      toTransaction,
    );
    expect(page.items.map((tx) => tx.id)).toEqual([1]);
    expect(page.total).toBe(1);
    expect(droppedCmsRowCount('transaction')).toBe(1);
    expect(droppedCmsRowCount('NFT')).toBe(0);
  });

  it('a bare array (get_collection) leaves out a collection without id', () => {
    expect(parseArray([{ id: 1, name: 'A' }, { name: 'no id' }], (raw) => toCollection(raw, context))).toHaveLength(1);
    expect(droppedCmsRowCount('collection')).toBe(1);
  });

  it('a single record that fails its schema is not-found, and counted', () => {
    const error = (() => {
      try {
        parseNftRecord(nftRow(7, -1), context);
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('not-found');
    expect(() => parseStandardSingle({ data: { id: 1, attributes: { Status: 5 } } }, toNftStatus)).toThrow(
      expect.objectContaining({ kind: 'not-found' }) as Error,
    );
    expect(droppedCmsRowCount('NFT')).toBe(1);
    expect(droppedCmsRowCount('NFT status')).toBe(1);
  });

  it('a failure that is not a schema failure is still thrown', () => {
    expect(() =>
      parseArray([{ id: 1 }], () => {
        throw new TypeError('bug');
      }),
    ).toThrow(TypeError);
  });
});
