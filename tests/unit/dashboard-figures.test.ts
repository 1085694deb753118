/**
 * The dashboard's formulas (deployed-system.md §C6.1, §P3 and §P9) on bigint base units, with the
 * figure each card or cell shows once formatted.
 */
import { describe, expect, it } from 'vitest';
import type { Address } from '@/config/env';
import {
  LAUNCHED_NATURA,
  circulatingSupply,
  collectionRows,
  latestFilledOrder,
  swapUsdPerNatura,
  totalValueOf,
  type Amount,
} from '@/features/dashboard/api/figures';
import type { SwapOrder } from '@/lib/chain/contracts/swap-order';
import type { Collection, NaturaBalances } from '@/lib/cms/types';
import { formatAmount } from '@/lib/format/numbers';

const NAT = 10n ** 18n;
const USDT = 10n ** 6n;
const USDT_ADDRESS = '0xc2132D05D31c914a87C6611C10748AEb04B58e8F' as Address;
const NATURA_ADDRESS = '0x011b00704cC46819e9C6f356Cb3759C230d2bcf4' as Address;
const MAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;

function order(id: number, tokenA: Address, price: bigint, status: number): SwapOrder {
  return { id, owner: MAKER, tokenA, amountA: 100n * NAT, price, orderType: 'sell', status };
}

const shown = (amount: Amount | null) => (amount ? formatAmount(amount.value, amount.decimals, { places: 3 }) : null);

describe('Latest Swap transaction', () => {
  it('is the filled order with the highest index, whatever comes after it', () => {
    const orders = [
      order(0, NATURA_ADDRESS, 1_200_000n, 0),
      order(1, NATURA_ADDRESS, 1_250_000n, 0),
      order(2, NATURA_ADDRESS, 1_300_000n, 2),
      order(3, NATURA_ADDRESS, 1_400_000n, 1),
    ];
    expect(latestFilledOrder(orders)?.id).toBe(1);
  });

  it('is null before the first successful swap (open and cancelled orders do not count)', () => {
    expect(latestFilledOrder([])).toBeNull();
    expect(latestFilledOrder([order(0, NATURA_ADDRESS, 1n, 1), order(1, USDT_ADDRESS, 1n, 2)])).toBeNull();
  });

  it('a Natura order: its price is already USDT per NAT (6 decimals)', () => {
    expect(shown(swapUsdPerNatura(order(0, NATURA_ADDRESS, 1_250_000n, 0), USDT_ADDRESS))).toBe('1.250');
    expect(shown(swapUsdPerNatura(order(0, NATURA_ADDRESS, 1_234_567n, 0), USDT_ADDRESS))).toBe('1.235');
  });

  it('a USDT order: NAT per USDT (18 decimals) is turned into USD per NAT', () => {
    // 0.78 NAT per USDT → 1 / 0.78 = 1.28205… $ per NAT.
    expect(shown(swapUsdPerNatura(order(0, USDT_ADDRESS, 78n * 10n ** 16n, 0), USDT_ADDRESS))).toBe('1.282');
    // 0.8 NAT per USDT → exactly 1.25 $; 2 NAT per USDT → 0.5 $. The address case does not matter.
    const lower = USDT_ADDRESS.toLowerCase() as Address;
    expect(shown(swapUsdPerNatura(order(0, USDT_ADDRESS, 8n * 10n ** 17n, 0), lower))).toBe('1.250');
    expect(shown(swapUsdPerNatura(order(0, USDT_ADDRESS, 2n * NAT, 0), USDT_ADDRESS))).toBe('0.500');
  });

  it('rounds half-up once at the third decimal', () => {
    // 1 / 0.8 = 1.25 exactly; 1 / 1.6 = 0.625 exactly → 0.625; 1 / 0.16 = 6.25 → 6.250;
    // 1 / 1.2345 = 0.810044… → 0.810; 1 / 0.0016 = 625; 1 / 3.2 = 0.3125 → 0.313 (half-up).
    const perNatura = (natPerUsdt: bigint) =>
      shown(swapUsdPerNatura(order(0, USDT_ADDRESS, natPerUsdt, 0), USDT_ADDRESS));
    expect(perNatura(16n * 10n ** 17n)).toBe('0.625');
    expect(perNatura(12_345n * 10n ** 14n)).toBe('0.810');
    expect(perNatura(32n * 10n ** 17n)).toBe('0.313');
    expect(perNatura(16n * 10n ** 14n)).toBe('625.000');
  });

  it('has no dollar price for a USDT order priced 0', () => {
    expect(swapUsdPerNatura(order(0, USDT_ADDRESS, 0n, 0), USDT_ADDRESS)).toBeNull();
    expect(swapUsdPerNatura(order(0, NATURA_ADDRESS, 0n, 0), USDT_ADDRESS)).toEqual({ value: 0n, decimals: 6 });
  });
});

describe('Circulating supply', () => {
  const balances: NaturaBalances = {
    teamReleased: 1_500_000n * NAT,
    incentiveReleased: 250_000n * NAT,
    rndReleased: 120_000n * NAT,
    reserveReleased: 500_000n * NAT,
  };

  it('is the launched 2,666,666 when nothing was released, claimed or burned', () => {
    const none = { teamReleased: 0n, incentiveReleased: 0n, rndReleased: 0n, reserveReleased: 0n };
    expect(circulatingSupply(0n, none, 0n)).toBe(LAUNCHED_NATURA);
    expect(LAUNCHED_NATURA).toBe(2_666_666n * NAT);
  });

  it('adds rewards claimed and the four released amounts, minus what was burned', () => {
    const rewards = 1_234_567_800_000_000_000_000n; // 1,234.5678 NAT
    const burned = 50_024_680_000_000_000_000_000n; // 50,024.68 NAT
    const supply = circulatingSupply(rewards, balances, burned);
    // 1,234.5678 + 1,500,000 + 250,000 + 120,000 + 500,000 + 2,666,666 − 50,024.68
    expect(supply).toBe(4_987_875_887_800_000_000_000_000n);
    expect(formatAmount(supply, 18, { places: 3, grouping: true })).toBe('4,987,875.888');
  });

  it('keeps every wei of a burn that is not a round number', () => {
    expect(circulatingSupply(0n, balances, 1n)).toBe(LAUNCHED_NATURA + 2_370_000n * NAT - 1n);
  });
});

describe('NFT Collections table', () => {
  const A = '0xAaAaaAAAaAaaAaAaAAAAAAAAaaaAAAAAaaaaaAaA';
  const B = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB';

  it('Total Value = supply × market price when there is a non-zero one, else supply × start price', () => {
    expect(totalValueOf(50n, 30n * USDT, 25n * USDT)).toBe(1_500n * USDT);
    expect(totalValueOf(50n, null, 25n * USDT)).toBe(1_250n * USDT);
    expect(totalValueOf(50n, 0n, 25n * USDT)).toBe(1_250n * USDT);
    expect(totalValueOf(0n, 30n * USDT, 25n * USDT)).toBe(0n);
  });

  function collection(id: number, name: string, contractAddress: Address | null): Collection {
    return {
      id,
      name,
      status: 'Active',
      feature: true,
      featureImageUrl: null,
      bannerUrl: null,
      description: null,
      detailLink: null,
      socials: { website: null, etherscan: null, discord: null, twitter: null, facebook: null, telegram: null },
      chainId: 137,
      chainName: 'Polygon Mainnet',
      contractAddress,
      category: null,
      ownerUserId: null,
      createdAt: null,
      publishedAt: null,
    };
  }

  it('rows: Market Price and Last Trade Price from the chain, none when the chain has no trade, no contract figures = none', () => {
    const rows = collectionRows(
      [collection(1, 'Traded', A), collection(2, 'Never traded', B), collection(3, 'Not a contract', null)],
      new Map([
        [A.toLowerCase(), { maxSupply: 50n, cost: 25n * USDT }],
        [B.toLowerCase(), { maxSupply: 100n, cost: 5n * USDT }],
      ]),
      new Map([
        [A.toLowerCase(), { lastTradePrice: 120_250_000n, marketPrice: 30n * USDT }],
        [B.toLowerCase(), { lastTradePrice: null, marketPrice: null }],
      ]),
    );
    expect(rows).toEqual([
      {
        id: 1,
        name: 'Traded',
        contractAddress: A,
        totalValue: 1_500n * USDT,
        totalSupply: 50n,
        startPrice: 25n * USDT,
        marketPrice: 30n * USDT,
        lastTradePrice: 120_250_000n,
      },
      {
        id: 2,
        name: 'Never traded',
        contractAddress: B,
        totalValue: 500n * USDT,
        totalSupply: 100n,
        startPrice: 5n * USDT,
        marketPrice: null,
        lastTradePrice: null,
      },
      {
        id: 3,
        name: 'Not a contract',
        contractAddress: null,
        totalValue: null,
        totalSupply: null,
        startPrice: null,
        marketPrice: null,
        lastTradePrice: null,
      },
    ]);
  });
});
