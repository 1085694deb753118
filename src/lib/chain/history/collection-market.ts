import { getConfig, type Address } from '@/config/env';
import { newestFirst } from '@/lib/chain/history/events';
import { getHistoryReader } from '@/lib/chain/history/log-reader';
import { withPrices, type PricedEvent } from '@/lib/chain/history/market-figures';
import { readCollectionHistory, readPaidPrices, type NftHistoryContracts } from '@/lib/chain/history/nft-history';

/**
 * The reads behind the history screens, loaded only inside their query functions (never with a page's first load):
 * a collection's events with every sale priced, and one token's events with its mint priced and block times.
 */

function historyContracts(): NftHistoryContracts {
  const { marketplace, staking, usdt } = getConfig().addresses;
  return { marketplace, staking, usdt };
}

/** Every event of the collection's tokens, oldest first; each sale with its price and royalty (one receipt each, kept). */
export async function readCollectionMarket(collection: Address): Promise<PricedEvent[]> {
  const reader = await getHistoryReader();
  const contracts = historyContracts();
  const events = await readCollectionHistory(reader, collection, contracts);
  const sales = events.filter((event) => event.kind === 'sale');
  return withPrices(events, await readPaidPrices(reader, sales, contracts));
}

/** The block time of each event (one batched request for the blocks not seen before). */
export async function withBlockTimes(events: readonly PricedEvent[]): Promise<PricedEvent[]> {
  const reader = await getHistoryReader();
  const times = await reader.blockTimes(events.map((event) => event.blockNumber));
  return events.map((event) => ({ ...event, time: times.get(event.blockNumber) }));
}

/** One token's events of `collectionEvents`, newest first, its mints priced and every event timed. */
export async function readTokenActivity(
  collectionEvents: readonly PricedEvent[],
  tokenId: bigint,
): Promise<PricedEvent[]> {
  const own = collectionEvents.filter((event) => event.tokenId === tokenId);
  const mints = own.filter((event) => event.kind === 'mint');
  const reader = await getHistoryReader();
  const paid = await readPaidPrices(reader, mints, historyContracts());
  const priced = own.map((event) => {
    const mint = event.kind === 'mint' ? paid.get(event.transactionHash) : undefined;
    return mint ? { ...event, price: mint.price } : event;
  });
  return (await withBlockTimes(priced)).sort(newestFirst);
}
