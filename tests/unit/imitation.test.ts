import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/config/env';
import { withoutHiddenControls } from '@/lib/cms/display-text';
import { toAuthor, toCategory, toCollection, toNft } from '@/lib/cms/parse';
import { confusableSkeleton, createTrustJudge } from '@/lib/trust/imitation';
import { collectionStanding } from '@/lib/trust/trusted-collections';

/** deployed-system.md §C9.6: verified means the operator's row; names lose hidden characters; look-alike names are imitations. */

const env = {
  VITE_CMS_URL: 'http://127.0.0.1:1337',
  VITE_RPC_URL: 'http://127.0.0.1:8545',
  VITE_CHAIN_ID: '137',
  VITE_CHAIN_NAME: 'Polygon Mainnet',
  VITE_USDT_ADDRESS: '0x1000000000000000000000000000000000000001',
  VITE_NATURA_ADDRESS: '0x1000000000000000000000000000000000000002',
  VITE_MARKETPLACE_ADDRESS: '0x1000000000000000000000000000000000000003',
  VITE_STAKING_ADDRESS: '0x1000000000000000000000000000000000000004',
  VITE_STAKING_HELPER_ADDRESS: '0x1000000000000000000000000000000000000005',
  VITE_SWAP_ADDRESS: '0x1000000000000000000000000000000000000006',
  VITE_STAKING_POOL_0: '0x2000000000000000000000000000000000000000',
  VITE_STAKING_POOL_1: '0x2000000000000000000000000000000000000001',
  VITE_STAKING_POOL_2: '0x2000000000000000000000000000000000000002',
  VITE_STAKING_POOL_3: '0x2000000000000000000000000000000000000003',
  VITE_WALLETCONNECT_PROJECT_ID: 'test',
  VITE_CONTACT_EMAIL: 'info@terramaternfts.com',
  VITE_TRUSTED_COLLECTIONS: '0xAbC0000000000000000000000000000000000001',
};

const GENESIS = '0xAbC0000000000000000000000000000000000001';
const POOL = '0x2000000000000000000000000000000000000003';
const config = parseConfig({ ...env, VITE_VERIFIED_COLLECTIONS: `${GENESIS}=1, ${POOL}=4` });

const problemOf = (value: string) => {
  try {
    parseConfig({ ...env, VITE_VERIFIED_COLLECTIONS: value });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems[0];
  }
  throw new Error(`"${value}" was accepted`);
};

describe('VITE_VERIFIED_COLLECTIONS', () => {
  it('reads contract=id pairs, and none when empty or missing', () => {
    expect(config.verifiedCollections).toEqual([
      { contract: GENESIS, collectionId: 1 },
      { contract: POOL, collectionId: 4 },
    ]);
    expect(parseConfig(env).verifiedCollections).toEqual([]);
    expect(parseConfig({ ...env, VITE_VERIFIED_COLLECTIONS: '' }).verifiedCollections).toEqual([]);
  });

  it('refuses a malformed pair, a contract that is not trusted and a second row for one contract, naming the variable', () => {
    expect(problemOf(`${GENESIS}:1`)?.variable).toBe('VITE_VERIFIED_COLLECTIONS');
    expect(problemOf(`${GENESIS}=0`)?.message).toContain('contract=CMS-collection-id');
    expect(problemOf('0xabc0000000000000000000000000000000000009=2')?.message).toContain('neither a staking pool');
    expect(problemOf(`${GENESIS}=1,${GENESIS.toLowerCase()}=2`)?.message).toContain('exactly one verified collection');
  });
});

describe('collectionStanding (configuration only)', () => {
  it('is verified only for the configured row of a trusted contract, a copy for any other row naming it', () => {
    expect(collectionStanding({ id: 1, contractAddress: GENESIS.toLowerCase() }, config)).toBe('verified');
    expect(collectionStanding({ id: 9, contractAddress: GENESIS }, config)).toBe('copy');
    expect(collectionStanding({ id: 4, contractAddress: POOL }, config)).toBe('verified');
    // Untrusted contract, or a trusted one the operator gave no verified row: neither verified nor a copy.
    expect(collectionStanding({ id: 1, contractAddress: '0xabc0000000000000000000000000000000000009' }, config)).toBe(
      'other',
    );
    expect(collectionStanding({ id: 1, contractAddress: '0x2000000000000000000000000000000000000000' }, config)).toBe(
      'other',
    );
    expect(collectionStanding({ id: 1, contractAddress: null }, config)).toBe('other');
  });
});

describe('withoutHiddenControls', () => {
  it('removes bidi controls, directional marks and zero-width characters, and nothing else', () => {
    const hidden = [
      ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E'],
      ...['\u2066', '\u2067', '\u2068', '\u2069'],
      ...['\u200E', '\u200F', '\u061C'],
      ...['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'],
    ];
    for (const char of hidden) expect(withoutHiddenControls(`Terra${char} Genesis`)).toBe('Terra Genesis');
    expect(withoutHiddenControls('Sun\u200Bset \u202EValley\u202C')).toBe('Sunset Valley');
    expect(withoutHiddenControls('Tеrrа — Ωmega 🌿 #1')).toBe('Tеrrа — Ωmega 🌿 #1');
  });

  it('is applied where CMS names enter the app: collections, NFTs, authors, categories', () => {
    const context = { baseUrl: 'http://cms.test' };
    expect(toCollection({ id: 1, name: '\u202EsiseneG arreT' }, context).name).toBe('siseneG arreT');
    const nft = toNft({ id: 1, token_name: 'Gen\u200Besis #1', title: '\u2066Title\u2069' }, context);
    expect([nft.tokenName, nft.title]).toEqual(['Genesis #1', 'Title']);
    expect(toNft({ id: 2, title: null }, context).title).toBeNull();
    expect(toAuthor({ id: 1, username: 'ali\u200Dce' }, context).username).toBe('alice');
    expect(toCategory({ id: 1, category: 'Art\uFEFF' }).name).toBe('Art');
  });
});

describe('confusableSkeleton (UTS #39)', () => {
  it('gives a name in Cyrillic look-alike letters the skeleton of the Latin name', () => {
    const cyrillic = 'T\u0435rr\u0430 G\u0435n\u0435sis';
    expect(cyrillic).not.toBe('Terra Genesis');
    expect(confusableSkeleton(cyrillic)).toBe(confusableSkeleton('Terra Genesis'));
    // Greek capitals and a fullwidth letter too; a different name keeps a different skeleton.
    expect(confusableSkeleton('\u0391lpine Spirits')).toBe(confusableSkeleton('Alpine Spirits'));
    expect(confusableSkeleton('Terra Gene\uFF53is')).toBe(confusableSkeleton('Terra Genesis'));
    expect(confusableSkeleton('Terra Exodus')).not.toBe(confusableSkeleton('Terra Genesis'));
  });
});

describe('createTrustJudge', () => {
  const verified = [
    { id: 1, name: 'Terra Genesis', contractAddress: GENESIS },
    { id: 4, name: 'Coral Guardians', contractAddress: POOL },
  ];
  const judge = createTrustJudge(verified, config);
  const other = '0xabc0000000000000000000000000000000000009';

  it('ticks only the verified row', () => {
    expect(judge({ id: 1, name: 'Terra Genesis', contractAddress: GENESIS })).toEqual({ kind: 'verified' });
  });

  it('calls a confusable name an imitation, whatever contract it claims, exact-name clones included', () => {
    const imitation = { kind: 'imitation', of: 'Terra Genesis' };
    expect(judge({ id: 20, name: 'T\u0435rr\u0430 G\u0435n\u0435sis', contractAddress: GENESIS })).toEqual(imitation);
    expect(judge({ id: 21, name: 'Terra Genesis', contractAddress: GENESIS })).toEqual(imitation);
    expect(judge({ id: 22, name: 'T\u0435rr\u0430 G\u0435n\u0435sis', contractAddress: other })).toEqual(imitation);
    expect(judge({ id: 23, name: '  TERRA   GENESIS ', contractAddress: null })).toEqual(imitation);
  });

  it('calls any other row claiming a verified contract a copy, and the rest plain unverified', () => {
    expect(judge({ id: 30, name: 'Genesis Reborn', contractAddress: GENESIS.toLowerCase() })).toEqual({
      kind: 'copy',
      of: 'Terra Genesis',
    });
    expect(judge({ id: 31, name: 'Ocean Sounds', contractAddress: other })).toEqual({ kind: 'unverified' });
    expect(judge({ id: 32, name: '', contractAddress: null })).toEqual({ kind: 'unverified' });
  });

  it('ignores a configured id whose row no longer names its contract', () => {
    const moved = createTrustJudge([{ id: 1, name: 'Terra Genesis', contractAddress: other }], config);
    expect(moved({ id: 21, name: 'Terra Genesis', contractAddress: null })).toEqual({ kind: 'unverified' });
  });
});
