import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/config/env';
import { saleSplit } from '@/features/checkout/api/sale-split';
import { safeImageUrl, safeLink } from '@/lib/trust/safe-url';
import { isTrustedCollection } from '@/lib/trust/trusted-collections';

const env = {
  VITE_CMS_URL: 'http://127.0.0.1:1337',
  VITE_RPC_URL: 'http://127.0.0.1:8545',
  VITE_CHAIN_ID: '137',
  VITE_CHAIN_NAME: 'Polygon Mainnet',
  VITE_EXPLORER_URL: 'https://polygonscan.com/',
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
};

describe('trusted collections (deployed-system.md §C9.5)', () => {
  it('always trusts the four pools, adds VITE_TRUSTED_COLLECTIONS, and nothing else', () => {
    const config = parseConfig({
      ...env,
      VITE_TRUSTED_COLLECTIONS:
        '0xAbC0000000000000000000000000000000000001, 0xabc0000000000000000000000000000000000002',
    });
    expect(config.trustedCollections).toHaveLength(6);
    expect(isTrustedCollection('0x2000000000000000000000000000000000000003', config)).toBe(true);
    expect(isTrustedCollection('0xABC0000000000000000000000000000000000001', config)).toBe(true);
    expect(isTrustedCollection('0xabc0000000000000000000000000000000000003', config)).toBe(false);
    expect(isTrustedCollection(null, config)).toBe(false);
    expect(isTrustedCollection('', config)).toBe(false);
  });

  it('is the pools only when the variable is empty or missing', () => {
    expect(parseConfig(env).trustedCollections).toHaveLength(4);
    expect(parseConfig({ ...env, VITE_TRUSTED_COLLECTIONS: '' }).trustedCollections).toHaveLength(4);
  });

  it('refuses a malformed list, naming the variable', () => {
    expect(() => parseConfig({ ...env, VITE_TRUSTED_COLLECTIONS: '0x1234,not-an-address' })).toThrow(ConfigError);
    try {
      parseConfig({ ...env, VITE_TRUSTED_COLLECTIONS: '0x1234' });
    } catch (error) {
      expect((error as ConfigError).problems[0]?.variable).toBe('VITE_TRUSTED_COLLECTIONS');
    }
  });
});

describe('links from the CMS and metadata', () => {
  it('keeps an https link and names its host', () => {
    expect(safeLink('https://twitter.com/terramater')).toEqual({
      href: 'https://twitter.com/terramater',
      host: 'twitter.com',
    });
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'http://twitter.com/terramater',
    'data:text/html,<script>alert(1)</script>',
    '//evil.test/x',
    '/relative/path',
    'https://user:pass@evil.test/',
    'not a url',
    '',
    null,
  ])('drops %s', (value) => {
    expect(safeLink(value)).toBeNull();
  });
});

describe('image URLs from the CMS and metadata', () => {
  const config = {
    cmsUrl: 'http://127.0.0.1:1337',
    rpcUrl: 'http://127.0.0.1:8545',
    ipfsGateway: 'https://ipfs.io/ipfs/',
  };

  it('allows https, ipfs through the gateway, the configured CMS and the app’s own files', () => {
    expect(safeImageUrl('https://cdn.test/a.png', config)).toBe('https://cdn.test/a.png');
    expect(safeImageUrl('ipfs://QmAbc/1.png', config)).toBe('https://ipfs.io/ipfs/QmAbc/1.png');
    expect(safeImageUrl('http://127.0.0.1:1337/uploads/a.png', config)).toBe('http://127.0.0.1:1337/uploads/a.png');
    expect(safeImageUrl('/img/placeholder.svg', config)).toBe('/img/placeholder.svg');
  });

  it.each([
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'http://evil.test/a.png',
    'http://127.0.0.1:8545/a.png',
    'ftp://cdn.test/a.png',
    '//evil.test/a.png',
  ])('refuses %s', (value) => {
    expect(safeImageUrl(value, config)).toBeNull();
  });
});

describe('the sale split (deployed-system.md §C9.1)', () => {
  it('takes the royalty first, then 5 % of the rest (floor), the seller the remainder', () => {
    expect(saleSplit(30_000_000n, 2_100_000n)).toEqual({
      royalty: 2_100_000n,
      royaltyReceiver: null,
      fee: 1_395_000n,
      seller: 26_505_000n,
    });
    // Floor: (price − royalty) × 500 / 10 000 rounds down to the base unit.
    expect(saleSplit(19n, 0n)).toEqual({ royalty: 0n, royaltyReceiver: null, fee: 0n, seller: 19n });
    expect(saleSplit(1_000_039n, 0n).fee).toBe(50_001n);
  });
});
