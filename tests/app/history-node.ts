/**
 * What the test JSON-RPC nodes answer for chain history (src/lib/chain/history): a short chain with no logs unless a
 * test gives some. .env.test configures the start blocks of the contracts history reads, so no eth_getCode search.
 */

/** The head of the test chains: below the reader's finality window, so every read is one tail range. */
export const HEAD = 16;

export interface HistoryLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: number;
  transactionHash: string;
  logIndex: number;
}

const hex = (n: number) => `0x${n.toString(16)}`;
const hash = (seed: string) => `0x${Buffer.from(seed).toString('hex').padEnd(64, '0').slice(0, 64)}`;

/** The answer to a history method, or undefined when `method` is not one (the node answers it itself). */
export function historyAnswer(
  method: string,
  params: unknown[],
  logs: readonly HistoryLog[] = [],
): { result: unknown } | undefined {
  const wire = (log: HistoryLog) => ({
    address: log.address,
    topics: log.topics,
    data: log.data,
    blockNumber: hex(log.blockNumber),
    blockHash: hash(`block-${log.blockNumber}`),
    transactionHash: log.transactionHash,
    transactionIndex: '0x0',
    logIndex: hex(log.logIndex),
    removed: false,
  });
  switch (method) {
    case 'eth_blockNumber':
      return { result: hex(HEAD) };
    case 'eth_getCode':
      return { result: '0x60' };
    case 'eth_getBlockByNumber': {
      const number = Number(params[0]);
      return {
        result: {
          number: hex(number),
          hash: hash(`block-${number}`),
          parentHash: hash(`block-${number - 1}`),
          timestamp: hex(1_700_000_000 + number * 12),
          nonce: '0x0000000000000000',
          difficulty: '0x0',
          gasLimit: '0x1c9c380',
          gasUsed: '0x0',
          miner: `0x${'0'.repeat(40)}`,
          extraData: '0x',
          transactions: [],
        },
      };
    }
    case 'eth_getLogs': {
      const [filter] = params as [{ address: string; fromBlock: string; toBlock: string }];
      const [from, to] = [Number(filter.fromBlock), Number(filter.toBlock)];
      return {
        result: logs
          .filter(
            (log) =>
              log.address.toLowerCase() === filter.address.toLowerCase() &&
              log.blockNumber >= from &&
              log.blockNumber <= to,
          )
          .map(wire),
      };
    }
    case 'eth_getTransactionReceipt': {
      const [txHash] = params as [string];
      const own = logs.filter((log) => log.transactionHash === txHash);
      if (own.length === 0) return { result: null };
      return {
        result: {
          transactionHash: txHash,
          transactionIndex: '0x0',
          blockHash: hash(`block-${own[0]!.blockNumber}`),
          blockNumber: hex(own[0]!.blockNumber),
          from: `0x${'0'.repeat(40)}`,
          to: null,
          cumulativeGasUsed: '0x0',
          gasUsed: '0x0',
          contractAddress: null,
          logs: own.map(wire),
          logsBloom: `0x${'0'.repeat(512)}`,
          status: '0x1',
          effectiveGasPrice: '0x0',
          type: '0x0',
        },
      };
    }
    default:
      return undefined;
  }
}

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const MARKET_ITEM_CREATED = '0x045dfa01dcba2b36aba1d3dc4a874f4b0c5d2fbeb8d2c4b34a7d88c8d8f929d1';
/** .env.test's USDT and marketplace. */
const USDT = '0x1000000000000000000000000000000000000001';
const MARKET = '0x1000000000000000000000000000000000000003';
const word = (value: bigint | string) => BigInt(value).toString(16).padStart(64, '0');
const topic = (value: bigint | string) => `0x${word(value)}`;
const ZERO = `0x${'0'.repeat(40)}`;

/** Logs of one token's life on chain, built step by step (one transaction per step, one block each). */
export function tokenStory(collection: string, tokenId: bigint, firstBlock = 2) {
  const logs: HistoryLog[] = [];
  let block = firstBlock;
  const step = (name: string, build: (tx: string, block: number) => Omit<HistoryLog, 'logIndex'>[]) => {
    const tx = hash(`${name}-${collection}-${tokenId}-${block}`);
    build(tx, block).forEach((log, logIndex) => logs.push({ ...log, logIndex }));
    block += 1;
    return story;
  };
  const nftTransfer = (tx: string, at: number, from: string, to: string) => ({
    address: collection,
    topics: [TRANSFER, topic(from), topic(to), topic(tokenId)],
    data: '0x',
    blockNumber: at,
    transactionHash: tx,
  });
  const usdt = (tx: string, at: number, from: string, to: string, value: bigint) => ({
    address: USDT,
    topics: [TRANSFER, topic(from), topic(to)],
    data: `0x${word(value)}`,
    blockNumber: at,
    transactionHash: tx,
  });
  const story = {
    logs,
    mint: (minter: string, cost: bigint) =>
      step('mint', (tx, at) => [usdt(tx, at, minter, collection, cost), nftTransfer(tx, at, ZERO, minter)]),
    list: (seller: string, itemId: bigint, price: bigint) =>
      step('list', (tx, at) => [
        nftTransfer(tx, at, seller, MARKET),
        {
          address: MARKET,
          topics: [MARKET_ITEM_CREATED, topic(itemId), topic(collection), topic(tokenId)],
          data: `0x${word(seller)}${word(ZERO)}${word(price)}${word(0n)}`,
          blockNumber: at,
          transactionHash: tx,
        },
      ]),
    /** The buyer pays `price` to the seller (no royalty) and receives the token from the marketplace. */
    sell: (seller: string, buyer: string, price: bigint) =>
      step('sale', (tx, at) => [usdt(tx, at, buyer, seller, price), nftTransfer(tx, at, MARKET, buyer)]),
    release: (seller: string) => step('release', (tx, at) => [nftTransfer(tx, at, MARKET, seller)]),
  };
  return story;
}
