import type { Address } from '@/config/env';
import { parseAddress } from '@/lib/chain/addresses';
import { argumentWord, selectorOf, type CallInput, type CallInputReader } from '@/lib/chain/history/call-inputs';
import { decodeAll, decodeSwapEvent, newestFirst, type EventPlace, type SwapEvent } from '@/lib/chain/history/events';
import type { ChainLog, HistoryReader } from '@/lib/chain/history/log-reader';
import { ORDER_STATUS, type SwapOrder } from '@/lib/chain/contracts/swap-order';
import { usdtPerNatura, type SwapToken, type SwapTokens } from '@/lib/chain/swap-math';
import { sameAddress } from '@/lib/format/address';

/**
 * The swap's filled orders from the chain (deployed-system.md §C9.4, §C9.4b): each `SwapSuccess`, its taker, its
 * time, its price in USDT per Natura, and the order it filled.
 *
 * Tying a `SwapSuccess` to its order. The event carries the order's owner, tokenA, amountA and price as they were
 * at the fill, but no id, and orders are numbered only by their position in `getOrders()`. Those four values do not
 * name an order: one maker may have several identical orders, and `updateOrder` (which emits nothing) changes amount
 * and price after `OrderCreated`. What does name it is the transaction itself: a fill is a call of `swap(_orderId)`,
 * so the call data of the event's transaction holds the id. That is the method used, checked against the event
 * (the named order must have the event's owner and tokenA). Only when the fill was made through another contract
 * (a contract wallet, a batch: the transaction does not call the swap directly) is the id inferred: the oldest
 * filled order with the event's owner, tokenA, amountA and price not already tied to an earlier fill, or none.
 *
 * The taker is the `_buyer` of the `NATURA_Burnt` event the same fill emits just before `SwapSuccess` (Swap.sol
 * `swap`), so it is right whether or not the taker called the swap directly.
 */

/** `swap(uint256)`. */
export const SWAP_CALL_SELECTOR = '0x94b918de';
/** `NATURA_Burnt(address indexed _ordOwner, address indexed _buyer, uint256 _amountBurn)`. */
export const NATURA_BURNT_TOPIC = '0xbf7463f004d830c917bad93a3b0130a1457f7c16d9d468e9847e81acbe6c51a4';

export interface SwapTrade extends EventPlace {
  /** The filled order's position in `getOrders()`, null when it cannot be told. */
  orderId: number | null;
  maker: Address;
  taker: Address | null;
  /** The token the maker deposited. */
  token: SwapToken;
  amountA: bigint;
  /** In the contract's unit for tokenA (USDT base units per NAT, or NAT wei per USDT). */
  price: bigint;
  /** The trade's price in USDT base units per whole Natura, whichever token the maker deposited. */
  usdtPerNatura: bigint;
  /** Unix seconds of the fill's block, null when the node did not return the block. */
  time: number | null;
}

/** The order id named by a direct `swap(_orderId)` call to `swap`, or null. */
export function calledOrderId(input: CallInput | null, swap: Address): number | null {
  if (!input || !sameAddress(input.to, swap) || selectorOf(input.data) !== SWAP_CALL_SELECTOR) return null;
  const id = argumentWord(input.data, 0);
  return id === null || id > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(id);
}

/** The order each fill (chain order) filled, by the method above; `inputs[i]` is fill i's transaction input. */
export function matchFillsToOrders(
  fills: readonly SwapEvent[],
  inputs: readonly (CallInput | null)[],
  orders: readonly SwapOrder[],
  swap: Address,
): (number | null)[] {
  const tied = new Set<number>();
  const agrees = (order: SwapOrder | undefined, fill: SwapEvent) =>
    order !== undefined && sameAddress(order.owner, fill.owner) && sameAddress(order.tokenA, fill.tokenA);
  const ids = fills.map((fill, i) => {
    const id = calledOrderId(inputs[i] ?? null, swap);
    if (id === null || !agrees(orders[id], fill)) return undefined;
    tied.add(id);
    return id;
  });
  return fills.map((fill, i) => {
    const known = ids[i];
    if (known !== undefined) return known;
    const inferred = orders.find(
      (order) =>
        !tied.has(order.id) &&
        order.status === ORDER_STATUS.filled &&
        agrees(order, fill) &&
        order.amountA === fill.amountA &&
        order.price === fill.price,
    );
    if (!inferred) return null;
    tied.add(inferred.id);
    return inferred.id;
  });
}

/** The `_buyer` of each `NATURA_Burnt`, by transaction and log index. */
function burns(logs: readonly ChainLog[]): { transactionHash: string; logIndex: number; buyer: Address }[] {
  const out: { transactionHash: string; logIndex: number; buyer: Address }[] = [];
  for (const log of logs) {
    if (log.topics[0]?.toLowerCase() !== NATURA_BURNT_TOPIC || log.topics.length !== 3) continue;
    const buyer = parseAddress(`0x${(log.topics[2] ?? '').slice(-40)}`);
    if (buyer) out.push({ transactionHash: log.transactionHash, logIndex: log.logIndex, buyer });
  }
  return out;
}

/** The taker of `fill`: the buyer of the nearest `NATURA_Burnt` before it in its transaction. */
function takerOf(fill: SwapEvent, burnt: ReturnType<typeof burns>): Address | null {
  let best: { logIndex: number; buyer: Address } | null = null;
  for (const burn of burnt) {
    if (burn.transactionHash !== fill.transactionHash || burn.logIndex > fill.logIndex) continue;
    if (!best || burn.logIndex > best.logIndex) best = burn;
  }
  return best?.buyer ?? null;
}

/** Every fill of the swap, newest first, with its order, taker, time and USDT-per-Natura price. */
export async function readSwapTrades(
  reader: HistoryReader,
  readCall: CallInputReader,
  swap: Address,
  tokens: SwapTokens,
  orders: readonly SwapOrder[],
): Promise<SwapTrade[]> {
  const logs = await reader.contractLogs(swap);
  const fills = decodeAll(logs, decodeSwapEvent).filter(
    (event) =>
      event.kind === 'filled' && (sameAddress(event.tokenA, tokens.natura) || sameAddress(event.tokenA, tokens.usdt)),
  );
  const [inputs, times] = await Promise.all([
    Promise.all(fills.map((fill) => readCall(fill.transactionHash))),
    reader.blockTimes(fills.map((fill) => fill.blockNumber)),
  ]);
  const ids = matchFillsToOrders(fills, inputs, orders, swap);
  const burnt = burns(logs);
  return fills
    .map((fill, i): SwapTrade => {
      const token: SwapToken = sameAddress(fill.tokenA, tokens.natura) ? 'natura' : 'usdt';
      return {
        blockNumber: fill.blockNumber,
        logIndex: fill.logIndex,
        transactionHash: fill.transactionHash,
        orderId: ids[i] ?? null,
        maker: fill.owner,
        taker: takerOf(fill, burnt),
        token,
        amountA: fill.amountA,
        price: fill.price,
        usdtPerNatura: usdtPerNatura(token, fill.price),
        time: times.get(fill.blockNumber) ?? null,
      };
    })
    .sort(newestFirst);
}

/** Each filled order's fill time (its newest fill: the contract lets a filled order be filled again, §C9.4). */
/** Each filled order's own fill (its `SwapSuccess`: amount and price as they were filled), by order id; newest wins. */
export function fillsByOrder(trades: readonly SwapTrade[]): Map<number, SwapTrade> {
  const fills = new Map<number, SwapTrade>();
  for (const trade of trades) {
    if (trade.orderId === null) continue;
    const known = fills.get(trade.orderId);
    if (known === undefined || (trade.time ?? 0) > (known.time ?? 0)) fills.set(trade.orderId, trade);
  }
  return fills;
}

export function fillTimes(trades: readonly SwapTrade[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const trade of trades) {
    if (trade.orderId === null || trade.time === null) continue;
    const known = times.get(trade.orderId);
    if (known === undefined || trade.time > known) times.set(trade.orderId, trade.time);
  }
  return times;
}
