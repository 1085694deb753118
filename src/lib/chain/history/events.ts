import { getAddress } from 'ethers';
import type { Address } from '@/config/env';
import { parseAddress } from '@/lib/chain/addresses';
import type { EventPlace } from '@/lib/chain/history/event-place';
import type { ChainLog } from '@/lib/chain/history/log-reader';

/**
 * The events history is made of, decoded from raw logs (topic hashes: deployed-system.md §C3; the event list:
 * §C9.4b). Decoding is by hand (fixed 32-byte words) so that a long history costs no ABI coder per log. A log whose
 * shape does not match (another event under the same topic, a contract that is not what it claims) decodes to null.
 */

export const TOPICS = {
  /** ERC-721 and ERC-20 `Transfer(from, to, tokenId|value)`. */
  transfer: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  marketItemCreated: '0x045dfa01dcba2b36aba1d3dc4a874f4b0c5d2fbeb8d2c4b34a7d88c8d8f929d1',
  royaltiesPaid: '0xe61af2269c9afbdb69efce2b15f2a464f8ee6237f105b3d4024f2e824a9f0af3',
  claimed: '0xd8138f8a3f377c5259ca548e70e4c2de94f129f5a11036a15b69513cba2b426a',
  nftStaked: '0xeec9ba5bfbc4283796482d3f7c7e891a5375d4e02efefac262ba00280fc2608d',
  nftUnstaked: '0x2cba55f1bc992f27ae3c165ae6392e6ccefcd891a59089721bf95afbb3976b72',
  orderCreated: '0xebbbe7bf32c963edeacf012f9e693ccc7e5b88b28f031635863f41b1783ccd21',
  swapSuccess: '0xd4e6b5eae3c6d04d5de666377ddd612d0ba3b555b09581be5d434b51b72348b7',
} as const;

const place = (log: ChainLog): EventPlace => ({
  blockNumber: log.blockNumber,
  logIndex: log.logIndex,
  transactionHash: log.transactionHash,
});

const WORD = 64;

/** The `index`-th 32-byte word of the data, or null when the data is shorter. */
function word(data: string, index: number): string | null {
  const hex = data.startsWith('0x') ? data.slice(2) : data;
  const start = index * WORD;
  return hex.length >= start + WORD ? hex.slice(start, start + WORD) : null;
}

const uintOf = (hex: string | null | undefined): bigint | null => (hex ? BigInt(`0x${hex.replace(/^0x/, '')}`) : null);

function addressOf(hex: string | null | undefined): Address | null {
  if (!hex) return null;
  const clean = hex.replace(/^0x/, '');
  if (clean.length !== WORD || !/^0{24}/.test(clean)) return null;
  // Checksummed, as addresses are everywhere else in the app (a cache of checksums: few distinct accounts).
  return checksum(`0x${clean.slice(24)}`);
}

const checksums = new Map<string, Address>();
function checksum(lower: string): Address | null {
  let known = checksums.get(lower);
  if (!known) {
    const parsed = parseAddress(getAddress(lower));
    if (!parsed) return null;
    known = parsed;
    checksums.set(lower, known);
  }
  return known;
}

const is = (log: ChainLog, topic: string, topicCount: number) =>
  log.topics[0]?.toLowerCase() === topic && log.topics.length === topicCount;

export interface NftTransfer extends EventPlace {
  contract: Address;
  from: Address;
  to: Address;
  tokenId: bigint;
}

/** ERC-721 `Transfer`: three indexed arguments (an ERC-20 transfer has the value in its data instead). */
export function decodeNftTransfer(log: ChainLog): NftTransfer | null {
  if (!is(log, TOPICS.transfer, 4)) return null;
  const [from, to, tokenId] = [addressOf(log.topics[1]), addressOf(log.topics[2]), uintOf(log.topics[3])];
  const contract = parseAddress(log.address);
  if (!from || !to || tokenId === null || !contract) return null;
  return { ...place(log), contract, from, to, tokenId };
}

export interface TokenTransfer extends EventPlace {
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
}

/** ERC-20 `Transfer` (USDT, Natura): from and to indexed, the value in the data. */
export function decodeTokenTransfer(log: ChainLog): TokenTransfer | null {
  if (!is(log, TOPICS.transfer, 3)) return null;
  const [from, to, value] = [addressOf(log.topics[1]), addressOf(log.topics[2]), uintOf(word(log.data, 0))];
  const token = parseAddress(log.address);
  if (!from || !to || value === null || !token) return null;
  return { ...place(log), token, from, to, value };
}

export interface ItemCreated extends EventPlace {
  itemId: bigint;
  nftContract: Address;
  tokenId: bigint;
  seller: Address;
  /** USDT base units. */
  price: bigint;
}

export function decodeItemCreated(log: ChainLog): ItemCreated | null {
  if (!is(log, TOPICS.marketItemCreated, 4)) return null;
  const itemId = uintOf(log.topics[1]);
  const nftContract = addressOf(log.topics[2]);
  const tokenId = uintOf(log.topics[3]);
  const seller = addressOf(word(log.data, 0));
  const price = uintOf(word(log.data, 2));
  if (itemId === null || !nftContract || tokenId === null || !seller || price === null) return null;
  return { ...place(log), itemId, nftContract, tokenId, seller, price };
}

export interface RoyaltyPaid extends EventPlace {
  tokenId: bigint;
  /** USDT base units. */
  value: bigint;
}

export function decodeRoyaltyPaid(log: ChainLog): RoyaltyPaid | null {
  if (!is(log, TOPICS.royaltiesPaid, 1)) return null;
  const [tokenId, value] = [uintOf(word(log.data, 0)), uintOf(word(log.data, 1))];
  if (tokenId === null || value === null) return null;
  return { ...place(log), tokenId, value };
}

export interface StakeEvent extends EventPlace {
  kind: 'staked' | 'unstaked';
  collection: Address;
  owner: Address;
  tokenId: bigint;
  value: bigint;
}

export function decodeStakeEvent(log: ChainLog): StakeEvent | null {
  const topic = log.topics[0]?.toLowerCase();
  const kind = topic === TOPICS.nftStaked ? 'staked' : topic === TOPICS.nftUnstaked ? 'unstaked' : null;
  if (!kind || log.topics.length !== 4) return null;
  const [collection, owner, tokenId] = [addressOf(log.topics[1]), addressOf(log.topics[2]), uintOf(log.topics[3])];
  const value = uintOf(word(log.data, 0));
  if (!collection || !owner || tokenId === null || value === null) return null;
  return { ...place(log), kind, collection, owner, tokenId, value };
}

export interface ClaimEvent extends EventPlace {
  owner: Address;
  /** Natura base units (18 decimals). */
  amount: bigint;
}

export function decodeClaimed(log: ChainLog): ClaimEvent | null {
  if (!is(log, TOPICS.claimed, 2)) return null;
  const owner = addressOf(log.topics[1]);
  const amount = uintOf(word(log.data, 0));
  if (!owner || amount === null) return null;
  return { ...place(log), owner, amount };
}

export interface SwapEvent extends EventPlace {
  kind: 'created' | 'filled';
  owner: Address;
  /** The token the maker deposited (USDT or Natura). */
  tokenA: Address;
  amountA: bigint;
  /** In the contract's unit for `tokenA` (deployed-system.md §C9.4). */
  price: bigint;
}

export function decodeSwapEvent(log: ChainLog): SwapEvent | null {
  const topic = log.topics[0]?.toLowerCase();
  const kind = topic === TOPICS.orderCreated ? 'created' : topic === TOPICS.swapSuccess ? 'filled' : null;
  if (!kind || log.topics.length !== 3) return null;
  const [owner, tokenA] = [addressOf(log.topics[1]), addressOf(log.topics[2])];
  const [amountA, price] = [uintOf(word(log.data, 0)), uintOf(word(log.data, 1))];
  if (!owner || !tokenA || amountA === null || price === null) return null;
  return { ...place(log), kind, owner, tokenA, amountA, price };
}

/** Decodes every log `decode` understands. */
export function decodeAll<T>(logs: readonly ChainLog[], decode: (log: ChainLog) => T | null): T[] {
  const out: T[] = [];
  for (const log of logs) {
    const event = decode(log);
    if (event) out.push(event);
  }
  return out;
}

export { newestFirst, type EventPlace } from '@/lib/chain/history/event-place';
