import type { Address } from '@/config/env';
import type { CallInputReader } from '@/lib/chain/history/call-inputs';
import { newestFirst, type EventPlace } from '@/lib/chain/history/events';
import type { HistoryReader } from '@/lib/chain/history/log-reader';
import {
  readCollectionHistory,
  readPaidPrices,
  type NftEvent,
  type NftHistoryContracts,
} from '@/lib/chain/history/nft-history';
import { readClaimHistory, type ClaimRecord } from '@/lib/chain/history/staking-history';
import { readSwapTrades, type SwapTrade } from '@/lib/chain/history/swap-history';
import type { SwapOrder } from '@/lib/chain/contracts/swap-order';
import type { SwapTokens } from '@/lib/chain/swap-math';
import { sameAddress } from '@/lib/format/address';

/**
 * One account's activity from the chain, newest first: its NFT events over the trusted collections (as
 * nft-history.ts classifies them, seen from the account), its staking payouts, and its swap trades (orders it filled
 * as taker, and its own orders others filled).
 */

type ActivityKind = 'mint' | 'purchase' | 'sale' | 'listing' | 'release' | 'stake' | 'unstake' | 'claim' | 'trade';

export interface ActivityEntry extends EventPlace {
  kind: ActivityKind;
  /** NFT events: the token. */
  nft?: { contract: Address; tokenId: bigint };
  /** USDT base units: a mint's or a sale's price paid, a listing's asking price. */
  usdt?: bigint;
  /** Natura base units: a claim's payout. */
  natura?: bigint;
  claim?: ClaimRecord;
  trade?: SwapTrade & { role: 'maker' | 'taker' };
  time: number | null;
}

/** The account's side of each NFT event (events of other accounts are left out). */
export function nftActivity(events: readonly NftEvent[], account: Address): Omit<ActivityEntry, 'time'>[] {
  const out: Omit<ActivityEntry, 'time'>[] = [];
  for (const event of events) {
    const entry = (kind: ActivityKind, usdt?: bigint) => {
      const { blockNumber, logIndex, transactionHash } = event;
      out.push({
        blockNumber,
        logIndex,
        transactionHash,
        kind,
        nft: { contract: event.contract, tokenId: event.tokenId },
        ...(usdt === undefined ? {} : { usdt }),
      });
    };
    const mine = (address: string | undefined) => sameAddress(address, account);
    switch (event.kind) {
      case 'mint':
        if (mine(event.to)) entry('mint');
        break;
      case 'listing':
        if (mine(event.item?.seller ?? event.from)) entry('listing', event.item?.price);
        break;
      case 'sale':
        if (mine(event.to)) entry('purchase');
        else if (mine(event.item?.seller)) entry('sale');
        break;
      case 'release':
        if (mine(event.to)) entry('release');
        break;
      case 'stake':
        if (mine(event.from)) entry('stake');
        break;
      case 'unstake':
        if (mine(event.to)) entry('unstake');
        break;
      default:
        break;
    }
  }
  return out;
}

export interface ActivityContracts extends NftHistoryContracts {
  swap: Address;
  natura: Address;
}

export async function readAccountActivity(
  reader: HistoryReader,
  readCall: CallInputReader,
  input: {
    account: Address;
    collections: readonly Address[];
    contracts: ActivityContracts;
    orders: readonly SwapOrder[];
  },
): Promise<ActivityEntry[]> {
  const { account, contracts } = input;
  const tokens: SwapTokens = { usdt: contracts.usdt, natura: contracts.natura };
  const [histories, claims, trades] = await Promise.all([
    Promise.all(input.collections.map((collection) => readCollectionHistory(reader, collection, contracts))),
    readClaimHistory(reader, readCall, contracts.staking, account),
    readSwapTrades(reader, readCall, contracts.swap, tokens, input.orders),
  ]);
  const events = histories.flat();
  const mine = nftActivity(events, account);
  const paidEvents = events.filter((event) =>
    mine.some(
      (entry) =>
        entry.transactionHash === event.transactionHash &&
        (entry.kind === 'mint' || entry.kind === 'purchase' || entry.kind === 'sale'),
    ),
  );
  const [prices, times] = await Promise.all([
    readPaidPrices(reader, paidEvents, contracts),
    reader.blockTimes(mine.map((entry) => entry.blockNumber)),
  ]);
  const nftEntries = mine.map((entry): ActivityEntry => {
    const paid = entry.kind === 'listing' ? undefined : prices.get(entry.transactionHash)?.price;
    return { ...entry, ...(paid === undefined ? {} : { usdt: paid }), time: times.get(entry.blockNumber) ?? null };
  });
  const claimEntries = claims.claims.map((claim): ActivityEntry => ({
    blockNumber: claim.blockNumber,
    logIndex: claim.logIndex,
    transactionHash: claim.transactionHash,
    kind: 'claim',
    natura: claim.amount,
    claim,
    time: claim.time,
  }));
  const tradeEntries = trades.flatMap((trade): ActivityEntry[] => {
    const role = sameAddress(trade.taker, account) ? 'taker' : sameAddress(trade.maker, account) ? 'maker' : null;
    if (!role) return [];
    const { blockNumber, logIndex, transactionHash, time } = trade;
    return [{ blockNumber, logIndex, transactionHash, kind: 'trade', trade: { ...trade, role }, time }];
  });
  return [...nftEntries, ...claimEntries, ...tradeEntries].sort(newestFirst);
}
