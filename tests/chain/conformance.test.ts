/**
 * Every ABI fragment of the contract layer must encode to the deployed selector / topic0 listed in
 * docs deployed-system.md §C3 (copied below by hand, not computed), with the deployed output types and
 * mutability. A wrong parameter type, a missing fragment or an unused extra one fails here.
 */
import { Interface, type EventFragment, type FunctionFragment } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ERC20_ABI } from '@/lib/chain/contracts/erc20';
import { MARKETPLACE_ABI } from '@/lib/chain/contracts/marketplace';
import { NATURA_ABI } from '@/lib/chain/contracts/natura';
import { NFT_COLLECTION_ABI } from '@/lib/chain/contracts/nft-collection';
import { STAKING_ABI } from '@/lib/chain/contracts/staking';
import { STAKING_HELPER_ABI } from '@/lib/chain/contracts/staking-helper';
import { SWAP_ABI } from '@/lib/chain/contracts/swap';
import { USDT_ABI } from '@/lib/chain/contracts/usdt';

interface FunctionSpec {
  selector: string;
  /** Canonical output types, comma separated ('' = none). */
  outputs: string;
  mutability: 'view' | 'nonpayable';
}

const MARKET_ITEM = '(uint256,address,uint256,address,address,uint256,bool)';
const TOKEN_ORDER = '(address,address,uint256,uint256,string,uint8)';

/** deployed-system.md §C3, the functions the product uses. */
const FUNCTIONS: Record<string, Record<string, FunctionSpec>> = {
  marketplace: {
    'fetchMarketItems()': { selector: '0x0f08efe0', outputs: `${MARKET_ITEM}[]`, mutability: 'view' },
    // The existing items of one seller: survives a bricked fetchMarketItems (deployed-system.md §C9.1, §C9.1a).
    'fetchItemsCreated()': { selector: '0xf064c32e', outputs: `${MARKET_ITEM}[]`, mutability: 'view' },
    'createMarketItem(address,uint256,uint256)': { selector: '0x58eb2df5', outputs: '', mutability: 'nonpayable' },
    'createMarketSale(address,uint256,uint256)': { selector: '0x21cf91ac', outputs: '', mutability: 'nonpayable' },
    'releaseSale(uint256)': { selector: '0x252cb2ce', outputs: '', mutability: 'nonpayable' },
  },
  nftCollection: {
    'name()': { selector: '0x06fdde03', outputs: 'string', mutability: 'view' },
    'maxSupply()': { selector: '0xd5abeb01', outputs: 'uint256', mutability: 'view' },
    'cost()': { selector: '0x13faede6', outputs: 'uint256', mutability: 'view' },
    'ownerOf(uint256)': { selector: '0x6352211e', outputs: 'address', mutability: 'view' },
    'tokenURI(uint256)': { selector: '0xc87b56dd', outputs: 'string', mutability: 'view' },
    'balanceOf(address)': { selector: '0x70a08231', outputs: 'uint256', mutability: 'view' },
    'tokenOfOwnerByIndex(address,uint256)': { selector: '0x2f745c59', outputs: 'uint256', mutability: 'view' },
    'walletOfOwner(address)': { selector: '0x438b6300', outputs: 'uint256[]', mutability: 'view' },
    'getApproved(uint256)': { selector: '0x081812fc', outputs: 'address', mutability: 'view' },
    'isApprovedForAll(address,address)': { selector: '0xe985e9c5', outputs: 'bool', mutability: 'view' },
    'mint(uint256,uint256)': { selector: '0x1b2ef1ca', outputs: '', mutability: 'nonpayable' },
    'approve(address,uint256)': { selector: '0x095ea7b3', outputs: '', mutability: 'nonpayable' },
    'setApprovalForAll(address,bool)': { selector: '0xa22cb465', outputs: '', mutability: 'nonpayable' },
    'supportsInterface(bytes4)': { selector: '0x01ffc9a7', outputs: 'bool', mutability: 'view' },
    'royaltyInfo(uint256,uint256)': { selector: '0x2a55205a', outputs: 'address,uint256', mutability: 'view' },
  },
  staking: {
    'vault(uint256,uint24)': { selector: '0xde3ef6eb', outputs: 'uint24,address,bool,uint256', mutability: 'view' },
    'getRewardsPerDay(uint256)': { selector: '0xa49c3f64', outputs: 'uint256', mutability: 'view' },
    'poolLength()': { selector: '0x081e3eda', outputs: 'uint256', mutability: 'view' },
    'poolInfo(uint256)': { selector: '0x1526fe27', outputs: 'address,uint256,uint256', mutability: 'view' },
    'totalRewardsClaimed()': { selector: '0xa34b0f76', outputs: 'uint256', mutability: 'view' },
    'owner()': { selector: '0x8da5cb5b', outputs: 'address', mutability: 'view' },
    'stake(uint256[],uint24[])': { selector: '0xacee2660', outputs: '', mutability: 'nonpayable' },
    'claimRewards(uint256[],uint24[])': { selector: '0x45ff2d10', outputs: '', mutability: 'nonpayable' },
    '_unstakeMany(uint256[],uint24[])': { selector: '0xaa80c556', outputs: '', mutability: 'nonpayable' },
  },
  stakingHelper: {
    'getUserStakedTokens(uint256,address)': { selector: '0x48170f55', outputs: 'uint256[]', mutability: 'view' },
  },
  swap: {
    'getOrders()': { selector: '0x2e2dc43e', outputs: `${TOKEN_ORDER}[]`, mutability: 'view' },
    'getOrderByUser(address)': { selector: '0xcfa04cda', outputs: `${TOKEN_ORDER}[]`, mutability: 'view' },
    'getOrderById(uint256)': { selector: '0x42b50a7a', outputs: TOKEN_ORDER, mutability: 'view' },
    'ordersCount()': { selector: '0x35daa731', outputs: '(uint256)', mutability: 'view' },
    'createOrder(address,uint256,uint256,string)': { selector: '0x40eb8194', outputs: '', mutability: 'nonpayable' },
    'swap(uint256)': { selector: '0x94b918de', outputs: '', mutability: 'nonpayable' },
    'updateOrder(uint256,uint256,uint256)': { selector: '0x2ede65df', outputs: '', mutability: 'nonpayable' },
    'cancelOrder(uint256)': { selector: '0x514fcac7', outputs: '', mutability: 'nonpayable' },
  },
  natura: {
    'approve(address,uint256)': { selector: '0x095ea7b3', outputs: 'bool', mutability: 'nonpayable' },
    'allowance(address,address)': { selector: '0xdd62ed3e', outputs: 'uint256', mutability: 'view' },
    'balanceOf(address)': { selector: '0x70a08231', outputs: 'uint256', mutability: 'view' },
    'totalSupply()': { selector: '0x18160ddd', outputs: 'uint256', mutability: 'view' },
    'getNaturaPrice()': { selector: '0x82f502bb', outputs: 'uint256', mutability: 'view' },
    '_getBitcoinReserves()': { selector: '0x5838a7c0', outputs: 'uint256', mutability: 'view' },
    '_getGoldReserves()': { selector: '0xbdc7ca3a', outputs: 'uint256', mutability: 'view' },
    '_getMiscReserves()': { selector: '0x478fc5e0', outputs: 'uint256', mutability: 'view' },
    '_getOtherNaturaReleased()': { selector: '0x13689d6c', outputs: 'uint256', mutability: 'view' },
  },
  // §3 G2 (PoS child token); G1 shares these selectors.
  usdt: {
    'approve(address,uint256)': { selector: '0x095ea7b3', outputs: 'bool', mutability: 'nonpayable' },
    'allowance(address,address)': { selector: '0xdd62ed3e', outputs: 'uint256', mutability: 'view' },
    'balanceOf(address)': { selector: '0x70a08231', outputs: 'uint256', mutability: 'view' },
  },
};

/** deployed-system.md §C3, topic0 of the events the app decodes. */
const EVENTS: Record<string, Record<string, string>> = {
  marketplace: {
    'MarketItemCreated(uint256,address,uint256,address,address,uint256,bool)':
      '0x045dfa01dcba2b36aba1d3dc4a874f4b0c5d2fbeb8d2c4b34a7d88c8d8f929d1',
  },
  nftCollection: {},
  staking: {},
  stakingHelper: {},
  swap: {},
  natura: {},
  usdt: {},
};

const MODULES: Record<string, readonly string[]> = {
  marketplace: MARKETPLACE_ABI,
  nftCollection: NFT_COLLECTION_ABI,
  staking: STAKING_ABI,
  stakingHelper: STAKING_HELPER_ABI,
  swap: SWAP_ABI,
  natura: NATURA_ABI,
  usdt: USDT_ABI,
};

function fragmentsOf(abi: readonly string[]) {
  const iface = new Interface(abi);
  const functions: FunctionFragment[] = [];
  const events: EventFragment[] = [];
  iface.forEachFunction((f) => functions.push(f));
  iface.forEachEvent((e) => events.push(e));
  return { iface, functions, events };
}

describe('contract layer ABI conformance with deployed-system.md §C3', () => {
  it('covers every contract module', () => {
    expect(Object.keys(MODULES).sort()).toEqual(Object.keys(FUNCTIONS).sort());
  });

  for (const [name, abi] of Object.entries(MODULES)) {
    describe(name, () => {
      const { functions, events } = fragmentsOf(abi);
      const expectedFunctions = FUNCTIONS[name] ?? {};
      const expectedEvents = EVENTS[name] ?? {};

      it('declares exactly the functions the product uses', () => {
        expect(functions.map((f) => f.format('sighash')).sort()).toEqual(Object.keys(expectedFunctions).sort());
        expect(abi.length).toBe(functions.length + events.length);
      });

      for (const fragment of functions) {
        const signature = fragment.format('sighash');
        it(`${signature} encodes to the deployed selector, outputs and mutability`, () => {
          const spec = expectedFunctions[signature];
          expect(spec, `${signature} is not in the spec table`).toBeDefined();
          expect(fragment.selector).toBe(spec!.selector);
          expect(fragment.outputs.map((p) => p.format('sighash')).join(',')).toBe(spec!.outputs);
          expect(fragment.stateMutability).toBe(spec!.mutability);
        });
      }

      it('declares exactly the events the app decodes, with the deployed topic0', () => {
        expect(Object.fromEntries(events.map((e) => [e.format('sighash'), e.topicHash]))).toEqual(expectedEvents);
      });
    });
  }

  it('marks MarketItemCreated itemId, nftContract and tokenId as indexed (item id = topic1)', () => {
    const { events } = fragmentsOf(MARKETPLACE_ABI);
    const created = events.find((e) => e.name === 'MarketItemCreated');
    expect(created?.inputs.map((p) => `${p.name}:${p.indexed ? 'indexed' : ''}`)).toEqual([
      'itemId:indexed',
      'nftContract:indexed',
      'tokenId:indexed',
      'seller:',
      'owner:',
      'price:',
      'sold:',
    ]);
  });

  it('shares the ERC-20 fragments between USDT and Natura', () => {
    for (const fragment of ERC20_ABI) {
      expect(USDT_ABI).toContain(fragment);
      expect(NATURA_ABI).toContain(fragment);
    }
  });
});
