import { getAddress, isError, toUtf8String, type ContractRunner, type JsonRpcApiProvider, type Signer } from 'ethers';
import type { Address } from '@/config/env';
import type { PreparedWrite } from '@/lib/chain/contract-call';
import type { OrderType, SwapOrder } from '@/lib/chain/contracts/swap-order';
import {
  address as toAddress,
  listOf,
  members,
  text as toText,
  typedContract,
  uint,
  type Decoder,
} from '@/lib/chain/contracts/typed-contract';

/**
 * The Natura ⇄ USDT order book (deployed-system.md §C3 E, §C5.7). Every write that targets an order passes its
 * 0-based position in the unfiltered, unsorted `getOrders()` array — the only id there is.
 */
export const SWAP_ABI = [
  'function getOrders() view returns (tuple(address owner, address tokenA, uint256 amountA, uint256 price, string orderType, uint8 status)[])',
  'function getOrderByUser(address _user) view returns (tuple(address owner, address tokenA, uint256 amountA, uint256 price, string orderType, uint8 status)[])',
  'function getOrderById(uint256 _id) view returns (tuple(address owner, address tokenA, uint256 amountA, uint256 price, string orderType, uint8 status))',
  'function ordersCount() view returns (tuple(uint256 _value))',
  'function createOrder(address _tokenA, uint256 _amountA, uint256 _price, string _orderType)',
  'function swap(uint256 _orderId)',
  'function updateOrder(uint256 _orderId, uint256 _amount, uint256 _price)',
  'function cancelOrder(uint256 _orderId)',
] as const;

/** A `TokenOrder` struct; its id is not part of it (-1 until the caller knows the position). */
const order: Decoder<SwapOrder> = (value) => {
  const member = members(value);
  return {
    id: -1,
    owner: toAddress(member('owner')),
    tokenA: toAddress(member('tokenA')),
    amountA: uint(member('amountA')),
    price: uint(member('price')),
    orderType: toText(member('orderType')),
    status: Number(uint(member('status'))),
  };
};

const swapContract = typedContract(SWAP_ABI, 'Swap', {
  // Read by hand (decodeOrders) for speed; declared for completeness.
  getOrders: listOf(order),
  getOrderByUser: listOf(order),
  getOrderById: order,
  ordersCount: (value) => uint(members(value)('_value')),
});
const swapInterface = swapContract.iface;

/** A big book is decoded in slices of about this many milliseconds, each one task of its own. */
const DECODE_SLICE_MS = 8;
/** How many orders are decoded between two looks at the clock. */
const DECODE_CHECK_EVERY = 16;

/** Lets the event loop run what waits (input, rendering, timers) before the caller continues. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Decodes the ABI-encoded `TokenOrder[]` that `getOrders()` returns, ids = array positions.
 * Straight hex slicing of the fixed layout: ethers' generic decoder takes seconds for a few
 * thousand tuples with strings (scripts/bench/swap-order-book.ts); this takes milliseconds. An
 * address is checksummed once per decode (the book has few makers and two tokens). The work gives
 * the event loop a turn every `sliceMs` (default 8 ms), so a book of thousands of orders never
 * blocks the page for a long task. Throws on data that does not fit the layout.
 */
export async function decodeOrders(
  data: string,
  { sliceMs = DECODE_SLICE_MS }: { sliceMs?: number } = {},
): Promise<SwapOrder[]> {
  const hex = data.startsWith('0x') ? data.slice(2) : data;
  const bytes = hex.length / 2;
  const word = (at: number): bigint => {
    if (!Number.isInteger(at) || at < 0 || at + 32 > bytes) throw new Error('Malformed getOrders() result.');
    return BigInt(`0x${hex.slice(at * 2, at * 2 + 64)}`);
  };
  const offset = (at: number): number => {
    const value = word(at);
    if (value > BigInt(bytes)) throw new Error('Malformed getOrders() result.');
    return Number(value);
  };
  const checksummed = new Map<string, Address>();
  const address = (at: number): Address => {
    word(at);
    const raw = hex.slice(at * 2 + 24, at * 2 + 64);
    let known = checksummed.get(raw);
    if (known === undefined) {
      known = toAddress(getAddress(`0x${raw}`));
      checksummed.set(raw, known);
    }
    return known;
  };
  const array = offset(0);
  const count = offset(array);
  const base = array + 32;
  const orders: SwapOrder[] = new Array<SwapOrder>(count);
  let sliceStart = performance.now();
  for (let index = 0; index < count; index += 1) {
    if (index % DECODE_CHECK_EVERY === 0 && performance.now() - sliceStart >= sliceMs) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
    const tuple = base + offset(base + 32 * index);
    const text = tuple + offset(tuple + 128);
    const length = offset(text);
    if (text + 32 + length > bytes) throw new Error('Malformed getOrders() result.');
    orders[index] = {
      id: index,
      owner: address(tuple),
      tokenA: address(tuple + 32),
      amountA: word(tuple + 64),
      price: word(tuple + 96),
      orderType: toUtf8String(`0x${hex.slice((text + 32) * 2, (text + 32 + length) * 2)}`),
      status: Number(word(tuple + 160)),
    };
  }
  return orders;
}

/**
 * Gas offered to the `getOrders()` read: a book of 2 000 orders costs ~31 M gas (6+ cold slots per
 * order), above anvil's default call gas (the 30 M block limit). Nodes cap what is offered at their
 * own eth_call gas cap (geth/bor default 50 M, ≈3 200 orders) instead of refusing it.
 */
const ORDER_BOOK_READ_GAS = 250_000_000n;

/** A JSON-RPC provider, recognised by its methods (see getOrders). */
function isJsonRpcProvider(runner: ContractRunner): runner is ContractRunner & JsonRpcApiProvider {
  const candidate = runner as Partial<JsonRpcApiProvider>;
  return typeof candidate.send === 'function' && typeof candidate.getRpcTransaction === 'function';
}

/**
 * All orders, ids = array positions. Filter and sort only copies of this list.
 *
 * One `getOrders()` call when the node can run it. `getOrders()` is a view without a require, so
 * the only way it fails *as a call* (CALL_EXCEPTION) is running out of the gas the node allows
 * an eth_call; the book is then read one order at a time (getOrdersOneByOne). Anything else
 * (node down, bad answer) fails the read as it is.
 */
export async function getOrders(runner: ContractRunner, swap: Address): Promise<SwapOrder[]> {
  if (!runner.call) throw new Error('getOrders needs a runner that can call (a provider).');
  const read = { to: swap, data: swapInterface.encodeFunctionData('getOrders'), gasLimit: ORDER_BOOK_READ_GAS };
  let data: string;
  try {
    // A JSON-RPC provider is asked directly: its `call()` re-encodes the answer (hexlify, a JavaScript
    // loop over every byte) and blocks the page for ≈ 100 ms on a 2 000-order book. Errors are the same
    // (ethers turns the node's error into CALL_EXCEPTION for eth_call either way). Recognised by its
    // methods, so that this module does not bring ethers' provider code (the app reads through the call
    // runner, whose `call()` hands the node's hex over as it is).
    data = isJsonRpcProvider(runner)
      ? String(await runner.send('eth_call', [runner.getRpcTransaction(read), 'latest']))
      : await runner.call(read);
  } catch (error) {
    if (!isError(error, 'CALL_EXCEPTION')) throw error;
    return getOrdersOneByOne(runner, swap);
  }
  return decodeOrders(data);
}

/**
 * The same list as `getOrders()`, read as `ordersCount()` then `getOrderById(0 … count−1)`: the
 * contract numbers orders 0, 1, 2, … in creation order and `getOrders()` returns exactly that
 * sequence (deployed-system.md §C5.7; tests/chain/flows.test.ts holds the two equal on the reference
 * contract). The calls are issued together, so a JSON-RPC provider batches them (ethers: up to
 * 100 per HTTP request): 2 000 orders cost 1 + 20 requests of cheap reads instead of one read
 * above the node's gas cap.
 */
export async function getOrdersOneByOne(runner: ContractRunner, swap: Address): Promise<SwapOrder[]> {
  const count = await getOrdersCount(runner, swap);
  return Promise.all(Array.from({ length: count }, (_, id) => getOrderById(runner, swap, id)));
}

/** How many orders the book holds (open, filled and cancelled); ids run 0 … count − 1. */
export async function getOrdersCount(runner: ContractRunner, swap: Address): Promise<number> {
  return Number(await swapContract.read(runner, swap, 'ordersCount'));
}

export async function getOrderById(runner: ContractRunner, swap: Address, id: number): Promise<SwapOrder> {
  return { ...(await swapContract.read(runner, swap, 'getOrderById', [id])), id };
}

/** Escrows `amountA` of `tokenA` (approve it to the swap contract first). */
export function createOrder(
  signer: Signer,
  swap: Address,
  order: { tokenA: Address; amountA: bigint; price: bigint; orderType: OrderType },
): PreparedWrite {
  return swapContract.write(signer, swap, 'createOrder', [order.tokenA, order.amountA, order.price, order.orderType]);
}

/** Takes (fills) order `orderId` (approve the other token's cost to the swap contract first). */
export function swapOrder(signer: Signer, swap: Address, orderId: number): PreparedWrite {
  return swapContract.write(signer, swap, 'swap', [orderId]);
}

/** New total amount (tokenA base units) and price of an open order. */
export function updateOrder(
  signer: Signer,
  swap: Address,
  orderId: number,
  amount: bigint,
  price: bigint,
): PreparedWrite {
  return swapContract.write(signer, swap, 'updateOrder', [orderId, amount, price]);
}

export function cancelOrder(signer: Signer, swap: Address, orderId: number): PreparedWrite {
  return swapContract.write(signer, swap, 'cancelOrder', [orderId]);
}
