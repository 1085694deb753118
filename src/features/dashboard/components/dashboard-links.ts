/**
 * Public addresses the dashboard cards link to (deployed-system.md §C2.5, §K7). They are the
 * project's own wallets on Polygon and its documentation, the same for every deployment of the
 * app; the block explorer the Polygon links open comes from the configuration.
 */
export const DASHBOARD_WALLETS = {
  rewardsClaimed: '0x8d3BeC747548872B5613ce1243DD7Cd15DB80A53',
  launched: '0xDcF384b1fe7862C6Cb8bF5994C09c5C549D2CDc5',
  team: '0xe932bB5c9DBB9fca5C85587D1023dd051b643197',
  incentive: '0x94ebFC8a825D1d6A885a747cd18205B8Eb45C7F6',
  rnd: '0x01B9e0aCD505b8Bf9604B1c47C092D73e6883672',
  reserve: '0xD5c2cF7a02F1D79e1e58620862D2EB8b30aECB71',
} as const;

/** The Bitcoin reserve's address on the blockchain.com BTC explorer. */
export const BITCOIN_RESERVE_URL =
  'https://www.blockchain.com/explorer/addresses/btc/bc1qnvsza35758ujszkl8rw6czz2ppu0x852r5teze';

/** "Find More Details here.": the GitBook page on Natura's contracts and addresses. */
export const CONTRACTS_DOCS_URL =
  'https://harmonious-paradise.gitbook.io/harmonious-paradise-project/natural-economy/natura-token/contracts-and-addresses';
