import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { toStrapiQuery } from '@/lib/cms/query-string';

describe('Strapi query strings', () => {
  it('nests objects in brackets and numbers array items, keys as written', () => {
    expect(
      toStrapiQuery({
        filters: { $and: [{ owner: { $eq: '0xAbC' } }, { nft_status: { id: { $eq: 2 } } }] },
        populate: { collection: { populate: ['feature_img', 'banner'] }, nft_status: true },
        sort: ['publishedAt:desc', 'id:desc'],
        pagination: { page: 3, pageSize: 25 },
      }),
    ).toBe(
      [
        'filters[$and][0][owner][$eq]=0xAbC',
        'filters[$and][1][nft_status][id][$eq]=2',
        'populate[collection][populate][0]=feature_img',
        'populate[collection][populate][1]=banner',
        'populate[nft_status]=true',
        'sort[0]=publishedAt%3Adesc',
        'sort[1]=id%3Adesc',
        'pagination[page]=3',
        'pagination[pageSize]=25',
      ].join('&'),
    );
  });

  it('percent-encodes values as RFC 3986 does, so user text cannot break the string', () => {
    expect(toStrapiQuery({ searchtxt: "a&b=c [d] 50% é!'()*~._-" })).toBe(
      'searchtxt=a%26b%3Dc%20%5Bd%5D%2050%25%20%C3%A9%21%27%28%29%2A~._-',
    );
  });

  it('leaves out undefined, sends null empty, and empty objects and arrays not at all', () => {
    expect(toStrapiQuery({ a: undefined, b: null, c: {}, d: [], e: 0, f: false, g: 10n ** 20n })).toBe(
      'b=&e=0&f=false&g=100000000000000000000',
    );
    expect(toStrapiQuery({ at: new Date('2024-05-01T10:00:00.000Z') })).toBe('at=2024-05-01T10%3A00%3A00.000Z');
    expect(toStrapiQuery({})).toBe('');
  });

  it('reads back as the same structure with qs, the parser Strapi uses', () => {
    const params = {
      filters: {
        $or: [{ name: { $containsi: 'Ocean & Sky' } }, { token_id: { $in: ['1', '22'] } }],
        collection: { id: { $eq: '7' } },
      },
      populate: '*',
      sort: ['id:asc'],
      pagination: { pageSize: '100' },
    };
    expect(qs.parse(toStrapiQuery(params))).toEqual(params);
    expect(toStrapiQuery(params)).toBe(qs.stringify(params, { encodeValuesOnly: true }));
  });
});
