/**
 * Orders written straight into the reference swap's storage (anvil_setStorageAt), for books too big to make by
 * transaction in a bench or a test: 1 000 orders by transaction take minutes, by storage a second. The layout is the
 * contract's: `orderBook` (a TokenOrder[]: 6 slots an order at keccak(slot) + 6 × id — owner, tokenA, amountA, price,
 * orderType, status) and its length, then `counter` in the slot after it.
 */
import { keccak256, toBeHex, zeroPadValue } from 'ethers';

export interface StoredOrder {
  owner: string;
  tokenA: string;
  amountA: bigint;
  price: bigint;
  orderType: 'buy' | 'sell';
  /** 0 filled, 1 open, 2 cancelled (contracts.md §9.4). */
  status: 0 | 1 | 2;
}

const word = (value: bigint | number) => zeroPadValue(toBeHex(value), 32);

/** A short string ("sell", "buy") as Solidity stores it: bytes left-aligned, length × 2 in the last byte. */
const shortString = (text: string) => {
  const hex = Buffer.from(text).toString('hex').padEnd(62, '0');
  return `0x${hex}${(text.length * 2).toString(16).padStart(2, '0')}`;
};

async function rpc(url: string, calls: { method: string; params: unknown[] }[]): Promise<unknown[]> {
  const body = calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }));
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answers = (await response.json()) as { error?: unknown; result?: unknown }[];
  const failed = answers.find((answer) => answer.error);
  if (failed) throw new Error(`RPC failed: ${JSON.stringify(failed.error)}`);
  return answers.map((answer) => answer.result);
}

/** The `orderBook` slot: found, not assumed — the one holding the current order count, followed by the same count. */
export async function findOrderBookSlot(url: string, swap: string, count: number): Promise<number> {
  const slots = (await rpc(
    url,
    Array.from({ length: 12 }, (_, i) => ({ method: 'eth_getStorageAt', params: [swap, word(i), 'latest'] })),
  )) as string[];
  const slot = slots.findIndex(
    (value, i) => i + 1 < slots.length && BigInt(value) === BigInt(count) && BigInt(slots[i + 1]!) === BigInt(count),
  );
  if (slot < 0) throw new Error(`orderBook slot not found (count ${count})`);
  return slot;
}

/** Writes orders `from … to − 1` (`orderAt(id)` each) and sets the book's length and counter to `to`. */
export async function writeOrders(
  url: string,
  swap: string,
  slot: number,
  range: { from: number; to: number },
  orderAt: (id: number) => StoredOrder,
): Promise<void> {
  const base = BigInt(keccak256(word(slot)));
  const writes: { method: string; params: unknown[] }[] = [];
  for (let id = range.from; id < range.to; id += 1) {
    const order = orderAt(id);
    const at = base + 6n * BigInt(id);
    const values = [
      word(BigInt(order.owner)),
      word(BigInt(order.tokenA)),
      word(order.amountA),
      word(order.price),
      shortString(order.orderType),
      word(order.status),
    ];
    values.forEach((value, i) =>
      writes.push({ method: 'anvil_setStorageAt', params: [swap, toBeHex(at + BigInt(i)), value] }),
    );
  }
  writes.push({ method: 'anvil_setStorageAt', params: [swap, word(slot), word(range.to)] });
  writes.push({ method: 'anvil_setStorageAt', params: [swap, word(slot + 1), word(range.to)] });
  for (let start = 0; start < writes.length; start += 2000) await rpc(url, writes.slice(start, start + 2000));
}
