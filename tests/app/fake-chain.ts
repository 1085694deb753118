/**
 * A small in-memory chain for the jsdom integration tests of the money screens. It keeps the
 * state of the contracts the app talks to (USDT balances and allowances, NFT owners and
 * approvals, marketplace items) and answers both sides the app uses:
 * - the read provider: MSW at the test RPC URL (JSON-RPC, batched or single);
 * - the user's wallet: an EIP-1193 provider (estimate, send, receipts), with the signer on top
 *   being a real ethers BrowserProvider, so the app's real contract modules and lifecycle run.
 * Calls are decoded with the app's own ABI fragments and applied with the reference contracts'
 * rules and revert reasons. Tests can make the wallet reject, hold blocks (pending transactions)
 * and count what was asked.
 */
import {
  AbiCoder,
  BrowserProvider,
  Interface,
  Wallet,
  ZeroAddress,
  getAddress,
  getBytes,
  id,
  type Eip1193Provider,
} from 'ethers';
import { http, HttpResponse } from 'msw';
import { withAccount } from '@/features/wallet/api/wallet-signer';
import type { WalletConnector, WalletSnapshot } from '@/features/wallet/api/web3modal-connector';
import OPENZEPPELIN_ERC20 from '@openzeppelin/contracts/build/contracts/ERC20.json';
import { MARKETPLACE_ABI } from '@/lib/chain/contracts/marketplace';
import { NATURA_ABI } from '@/lib/chain/contracts/natura';
import { NFT_COLLECTION_ABI } from '@/lib/chain/contracts/nft-collection';
import { server } from '../msw/server';

export const RPC_URL = 'http://rpc.test';
export const CHAIN_ID = 31337;
export const USDT = '0x1000000000000000000000000000000000000001';
export const MARKETPLACE = '0x1000000000000000000000000000000000000003';
export const NATURA = '0x1000000000000000000000000000000000000002';
export const FEE_COLLECTOR = '0x1000000000000000000000000000000000000fee';
export const ROYALTY_RECEIVER = '0x1000000000000000000000000000000000000a11';
/** The signed-in test user of tests/render.tsx's storeSession(). */
export const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

// The app's ERC-20 calls (src/lib/chain/contracts/erc20.ts) plus the transfers the fakes also answer: the ABI of
// OpenZeppelin's ERC20, which the local stack's USDT and Natura contracts are built from.
const erc20 = new Interface(OPENZEPPELIN_ERC20.abi);
const erc20Full = new Interface(OPENZEPPELIN_ERC20.abi);
const nft = new Interface(NFT_COLLECTION_ABI);
const market = new Interface(MARKETPLACE_ABI);
const key = (...parts: (string | bigint)[]) => parts.map((part) => part.toString().toLowerCase()).join(':');

/** A revert with the contract's reason; plugged-in contracts throw it too. */
export class FakeRevert extends Error {}
/** A Solidity panic (Panic(uint256) revert data), e.g. 0x32 for an array index out of bounds. */
class FakePanic extends Error {
  constructor(readonly code: number) {
    super(`panic ${code}`);
  }
}
const Revert = FakeRevert;

export interface FakeLog {
  address: string;
  topics: string[];
  data: string;
}

/**
 * A contract a test plugs into the chain with `install()` (staking, swap, another ERC-20…). It
 * applies the transactions sent to its address and answers the calls made to it; `save` and
 * `restore` let the chain undo a reverted or only estimated transaction.
 */
export interface FakeContract {
  execute?(from: string, data: string): FakeLog[];
  view?(data: string): string;
  save(): unknown;
  restore(saved: unknown): void;
}

/** A plain ERC-20 (approve / transfer / transferFrom / balanceOf / allowance / decimals). */
export class FakeErc20 implements FakeContract {
  balances = new Map<string, bigint>();
  allowances = new Map<string, bigint>();
  constructor(
    readonly address: string,
    readonly decimals = 18,
  ) {}
  fund(holder: string, amount: bigint) {
    this.balances.set(key(holder), amount);
    return this;
  }
  approve(owner: string, spender: string, amount: bigint) {
    this.allowances.set(key(owner, spender), amount);
    return this;
  }
  balanceOf(holder: string) {
    return this.balances.get(key(holder)) ?? 0n;
  }
  allowance(owner: string, spender: string) {
    return this.allowances.get(key(owner, spender)) ?? 0n;
  }
  transfer(from: string, to: string, amount: bigint) {
    const balance = this.balanceOf(from);
    if (balance < amount) throw new Revert('ERC20: transfer amount exceeds balance');
    this.balances.set(key(from), balance - amount);
    this.balances.set(key(to), this.balanceOf(to) + amount);
  }
  /** `spender` moves `amount` of `owner`'s tokens to `to` (transferFrom). */
  pull(owner: string, spender: string, amount: bigint, to: string = spender) {
    const allowance = this.allowance(owner, spender);
    if (allowance < amount) throw new Revert('ERC20: insufficient allowance');
    this.allowances.set(key(owner, spender), allowance - amount);
    this.transfer(owner, to, amount);
  }
  execute(from: string, data: string): FakeLog[] {
    const call = erc20Full.parseTransaction({ data });
    if (call?.name === 'approve') this.approve(from, String(call.args[0]), call.args[1] as bigint);
    else if (call?.name === 'transfer') this.transfer(from, String(call.args[0]), call.args[1] as bigint);
    else if (call?.name === 'transferFrom') {
      this.pull(String(call.args[0]), from, call.args[2] as bigint, String(call.args[1]));
    } else throw new Revert(`unsupported ERC-20 call ${call?.name}`);
    return [];
  }
  view(data: string): string {
    const call = erc20Full.parseTransaction({ data });
    if (call?.name === 'balanceOf')
      return erc20Full.encodeFunctionResult('balanceOf', [this.balanceOf(String(call.args[0]))]);
    if (call?.name === 'allowance') {
      return erc20Full.encodeFunctionResult('allowance', [this.allowance(String(call.args[0]), String(call.args[1]))]);
    }
    if (call?.name === 'decimals') return erc20Full.encodeFunctionResult('decimals', [this.decimals]);
    throw new Revert(`unsupported ERC-20 view ${call?.name}`);
  }
  save() {
    return { balances: new Map(this.balances), allowances: new Map(this.allowances) };
  }
  restore(saved: unknown) {
    Object.assign(this, saved);
  }
}

const naturaPriceView = new Interface(NATURA_ABI);

/** Natura: an ERC-20 with the contract's price view (USD, 6 decimals, per whole Natura) once a test sets one. */
export class FakeNatura extends FakeErc20 {
  price: bigint | null = null;
  override view(data: string): string {
    if (this.price !== null && naturaPriceView.parseTransaction({ data })?.name === 'getNaturaPrice') {
      return naturaPriceView.encodeFunctionResult('getNaturaPrice', [this.price]);
    }
    return super.view(data);
  }
}

interface MarketRow {
  itemId: bigint;
  nftContract: string;
  tokenId: bigint;
  seller: string;
  owner: string;
  price: bigint;
  sold: boolean;
}

interface Mined {
  hash: string;
  from: string;
  to: string;
  data: string;
  gas: string;
  blockNumber: number;
  status: 1 | 0;
  logs: { address: string; topics: string[]; data: string }[];
}

interface RpcRequest {
  id?: number;
  method: string;
  params?: unknown[];
}

export class FakeChain {
  block = 10;
  usdtBalances = new Map<string, bigint>();
  allowances = new Map<string, bigint>();
  /** contract:tokenId → owner */
  owners = new Map<string, string>();
  approvals = new Map<string, string>();
  mintCost = new Map<string, bigint>();
  /** ERC-2981 royalty of a collection (lower-case address): receiver and basis points. */
  royalties = new Map<string, { receiver: string; bps: bigint }>();
  /** When set, a mint hands the token to this address instead of the buyer (a lying collection). */
  mintRecipient: string | null = null;
  /** Collections whose mint reverts "NFT: minting is paused". */
  pausedMint = new Set<string>();
  items: MarketRow[] = [];
  /** Sales counted as the contract counts them (a double sale counts twice): fetchMarketItems' array length. */
  sales = 0;
  /** The marketplace's MarketItemCreated logs, with the block they were emitted in (eth_getLogs). */
  marketLogs: (FakeLog & { blockNumber: number })[] = [];
  /** The widest block range eth_getLogs answers; wider ones are refused as a public node does. */
  maxLogRange = Number.POSITIVE_INFINITY;
  /** Every eth_getLogs asked: its block range and its token id topic (null: any). */
  logQueries: { fromBlock: number; toBlock: number; tokenTopic: string | null }[] = [];
  mined = new Map<string, Mined>();
  /** Sent while blocks are held: mined by mine(). */
  held: Mined[] = [];
  holdBlocks = false;
  /** Every wallet request, in order. */
  walletCalls: RpcRequest[] = [];
  /** JSON-RPC HTTP requests the read provider made. */
  rpcRequests = 0;
  /** The calls of each of those requests (a batch or one call), in order. */
  rpcBatches: RpcRequest[][] = [];
  /** Every eth_call answered: target and the gas it was given (hex), if any. */
  ethCalls: { to: string; gas?: string }[] = [];
  rpcDown = false;
  /** Native-coin (POL) balances in wei, by lower-case address: eth_getBalance. */
  nativeBalances = new Map<string, bigint>();
  /** eth_gasPrice in wei; null: the node does not answer it (the fee estimate is unknown). */
  gasPrice: bigint | null = null;
  /** While set, the wallet keeps each eth_sendTransaction prompt open until the promise settles. */
  walletPrompt: Promise<void> | null = null;
  /** Block timestamp in seconds; `increaseTime` moves it (staking rewards). */
  timestamp = 1_700_000_000;
  /** Contracts plugged in with install(), by lower-case address. Natura is there from the start. */
  contracts = new Map<string, FakeContract>();
  readonly natura = new FakeNatura(NATURA, 18);
  /** Wallet requests to decline with 4001, by method: how many times still. */
  private rejectNext = new Map<string, number>();
  /** The chain the wallet is on (the read provider's node is always on CHAIN_ID). */
  walletChainId = CHAIN_ID;
  private chainListeners: (() => void)[] = [];
  private sent = 0;

  constructor(readonly account: string = USER) {
    this.install(NATURA, this.natura);
  }

  /** Plugs a contract in at `address`: its transactions and calls go to it. */
  install<T extends FakeContract>(address: string, contract: T): T {
    this.contracts.set(address.toLowerCase(), contract);
    return contract;
  }
  increaseTime(seconds: number) {
    this.timestamp += seconds;
    return this;
  }

  // --- set-up -------------------------------------------------------------------------------
  fundUsdt(address: string, amount: bigint) {
    this.usdtBalances.set(key(address), amount);
    return this;
  }
  approveUsdt(owner: string, spender: string, amount: bigint) {
    this.allowances.set(key(owner, spender), amount);
    return this;
  }
  collection(address: string, cost: bigint) {
    this.mintCost.set(key(address), cost);
    return this;
  }
  /** The collection declares ERC-2981 and pays `bps` of a sale price to `receiver`. */
  royalty(contract: string, receiver: string, bps: bigint) {
    this.royalties.set(key(contract), { receiver, bps });
    return this;
  }
  /** `royaltyInfo(tokenId, price)` of a collection with a royalty, else null (no ERC-2981). */
  royaltyInfo(contract: string, price: bigint): [string, bigint] | null {
    const royalty = this.royalties.get(key(contract));
    return royalty ? [royalty.receiver, (price * royalty.bps) / 10_000n] : null;
  }
  setOwner(contract: string, tokenId: bigint | number, owner: string) {
    this.owners.set(key(contract, BigInt(tokenId)), owner);
    return this;
  }
  /** An NFT listed on the marketplace by `seller` (the marketplace holds it). */
  list(contract: string, tokenId: bigint | number, seller: string, price: bigint) {
    const itemId = BigInt(this.items.length + 1);
    this.items.push({
      itemId,
      nftContract: contract,
      tokenId: BigInt(tokenId),
      seller,
      owner: ZeroAddress,
      price,
      sold: false,
    });
    this.setOwner(contract, tokenId, MARKETPLACE);
    const log = market.encodeEventLog('MarketItemCreated', [
      itemId,
      contract,
      tokenId,
      seller,
      ZeroAddress,
      price,
      false,
    ]);
    this.marketLogs.push({ address: MARKETPLACE, topics: log.topics, data: log.data, blockNumber: this.block });
    return itemId;
  }
  /**
   * `buyer` buys item `itemId` of `contract` as `createMarketSale` would (funded and approved here), sold or
   * not (§9.1): buying a sold item again while its token is relisted is the double sale that bricks
   * fetchMarketItems.
   */
  buyItem(buyer: string, contract: string, itemId: bigint) {
    const price = this.items.find((row) => row.itemId === itemId)?.price ?? 0n;
    this.fundUsdt(buyer, this.usdtOf(buyer) + price).approveUsdt(buyer, MARKETPLACE, price);
    this.createMarketSale(buyer, [contract, itemId, price]);
    this.block += 1;
  }
  /** The wallet answers the next request of `method` with a 4001 rejection. */
  rejectNextRequest(method: string, times = 1) {
    this.rejectNext.set(method, (this.rejectNext.get(method) ?? 0) + times);
  }
  usdtOf(address: string) {
    return this.usdtBalances.get(key(address)) ?? 0n;
  }
  ownerOf(contract: string, tokenId: bigint | number) {
    return this.owners.get(key(contract, BigInt(tokenId))) ?? null;
  }
  walletMethods() {
    return this.walletCalls.map((call) => call.method);
  }
  /** Mines what was sent while blocks were held. */
  mine() {
    for (const tx of this.held.splice(0)) this.mined.set(tx.hash, { ...tx, blockNumber: ++this.block });
    this.holdBlocks = false;
  }

  // --- execution ------------------------------------------------------------------------------
  transferUsdt(from: string, to: string, amount: bigint) {
    const balance = this.usdtOf(from);
    if (balance < amount) throw new Revert('ERC20: transfer amount exceeds balance');
    this.usdtBalances.set(key(from), balance - amount);
    this.usdtBalances.set(key(to), this.usdtOf(to) + amount);
  }

  /** `transferFrom(owner → to)` by `spender`, out of the owner's allowance to the spender. */
  pullUsdtTo(owner: string, spender: string, to: string, amount: bigint) {
    const allowance = this.allowances.get(key(owner, spender)) ?? 0n;
    if (allowance < amount) throw new Revert('ERC20: insufficient allowance');
    this.allowances.set(key(owner, spender), allowance - amount);
    this.transferUsdt(owner, to, amount);
  }

  pullUsdt(owner: string, spender: string, amount: bigint) {
    const allowance = this.allowances.get(key(owner, spender)) ?? 0n;
    if (allowance < amount) throw new Revert('ERC20: insufficient allowance');
    this.allowances.set(key(owner, spender), allowance - amount);
    this.transferUsdt(owner, spender, amount);
  }

  /** Applies a call from `from` and returns its logs; throws Revert with the contract's reason. */
  private execute(from: string, to: string, data: string): Mined['logs'] {
    const target = to.toLowerCase();
    const plugged = this.contracts.get(target);
    if (plugged) {
      if (!plugged.execute) throw new Revert(`no transactions at ${to}`);
      return plugged.execute(from, data);
    }
    if (target === USDT.toLowerCase()) {
      const call = erc20.parseTransaction({ data });
      if (call?.name !== 'approve') throw new Revert('unsupported USDT call');
      this.allowances.set(key(from, String(call.args[0])), call.args[1] as bigint);
      return [];
    }
    if (target === MARKETPLACE.toLowerCase()) {
      const call = market.parseTransaction({ data });
      if (call?.name === 'createMarketItem') return this.createMarketItem(from, call.args);
      if (call?.name === 'releaseSale') return this.releaseSale(from, call.args[0] as bigint);
      if (call?.name !== 'createMarketSale') throw new Revert(`unsupported marketplace call ${call?.name}`);
      return this.createMarketSale(from, call.args);
    }
    const cost = this.mintCost.get(target);
    if (cost === undefined) throw new Revert(`no contract at ${to}`);
    const call = nft.parseTransaction({ data });
    if (call?.name !== 'mint') throw new Revert(`unsupported NFT call ${call?.name}`);
    const [tokenId, paid] = call.args as unknown as [bigint, bigint];
    if (this.pausedMint.has(target)) throw new Revert('NFT: minting is paused');
    if (this.ownerOf(to, tokenId)) throw new Revert('NFT: token already minted');
    if (paid < cost) throw new Revert('NFT: cost below mint price');
    if ((this.allowances.get(key(from, to)) ?? 0n) < paid) throw new Revert('NFT: insufficient USDT allowance');
    if (this.usdtOf(from) < paid) throw new Revert('NFT: insufficient USDT balance');
    this.pullUsdt(from, to, paid);
    this.setOwner(to, tokenId, this.mintRecipient ?? from);
    return [];
  }

  /**
   * Moves a token out of `from` by the marketplace, as the deployed collections' transferFrom
   * would (OpenZeppelin 4.8 reason strings).
   */
  private marketTransfer(contract: string, tokenId: bigint, from: string, to: string) {
    const owner = this.ownerOf(contract, tokenId);
    if (!owner) throw new Revert('ERC721: invalid token ID');
    if (key(owner) !== key(from)) throw new Revert('ERC721: caller is not token owner or approved');
    this.setOwner(contract, tokenId, to);
  }

  /**
   * `createMarketItem` as deployed-system.md §C9.1: price > 0, then transferFrom(seller → marketplace),
   * which needs the seller's single-token approval here; emits MarketItemCreated.
   */
  private createMarketItem(from: string, args: readonly unknown[]): FakeLog[] {
    const [contract, tokenId, price] = args as [string, bigint, bigint];
    if (price <= 0n) throw new Revert('Price must be at least 1 wei');
    const logCount = this.marketLogs.length;
    const owner = this.ownerOf(contract, tokenId);
    if (!owner) throw new Revert('ERC721: invalid token ID');
    if (key(owner) !== key(from)) throw new Revert('ERC721: caller is not token owner or approved');
    if (key(this.approvals.get(key(contract, tokenId)) ?? '') !== key(MARKETPLACE)) {
      throw new Revert('ERC721: caller is not token owner or approved');
    }
    this.approvals.delete(key(contract, tokenId));
    this.list(contract, tokenId, from, price);
    return this.marketLogs.slice(logCount).map(({ address, topics, data }) => ({ address, topics, data }));
  }

  /**
   * `createMarketSale` as deployed-system.md §C9.1: only amountPaid == stored price is checked, the
   * caller's contract is trusted, a sold item fails in the NFT transfer; the buyer pays the
   * royalty (ERC-2981), then 5 % of the rest to the fee collector, then the seller.
   */
  private createMarketSale(from: string, args: readonly unknown[]): FakeLog[] {
    const [contract, itemId, paid] = args as [string, bigint, bigint];
    const item = this.items.find((row) => row.itemId === itemId && itemId !== 0n);
    const price = item?.price ?? 0n;
    if (paid !== price) throw new Revert('Please submit the asking price in order to complete the purchase');
    if (!item) throw new Revert('ERC721: invalid token ID');
    const [receiver, royalty] = this.royaltyInfo(contract, price) ?? [ZeroAddress, 0n];
    if (royalty > 0n) this.pullUsdtTo(from, MARKETPLACE, receiver, royalty);
    const fee = ((price - royalty) * 500n) / 10_000n;
    if (fee > 0n) this.pullUsdtTo(from, MARKETPLACE, FEE_COLLECTOR, fee);
    if (price - royalty - fee > 0n) this.pullUsdtTo(from, MARKETPLACE, item.seller, price - royalty - fee);
    this.marketTransfer(contract, item.tokenId, MARKETPLACE, from);
    item.sold = true;
    item.owner = from;
    this.sales += 1;
    return [];
  }

  /** `releaseSale` as deployed-system.md §C9.1: seller only ("Not an owner"); the token goes back and the item is deleted. */
  private releaseSale(from: string, itemId: bigint): FakeLog[] {
    const index = this.items.findIndex((row) => row.itemId === itemId && itemId !== 0n);
    const item = this.items[index];
    if (!item || key(item.seller) !== key(from)) throw new Revert('Not an owner');
    this.marketTransfer(item.nftContract, item.tokenId, MARKETPLACE, item.seller);
    this.items[index] = {
      itemId: 0n,
      nftContract: ZeroAddress,
      tokenId: 0n,
      seller: ZeroAddress,
      owner: ZeroAddress,
      price: 0n,
      sold: false,
    };
    return [];
  }

  /** Runs `work` on a copy of the state; the state is kept only if it succeeds and `commit`. */
  private simulate<T>(work: () => T, commit: boolean): T {
    const saved = {
      usdtBalances: new Map(this.usdtBalances),
      allowances: new Map(this.allowances),
      owners: new Map(this.owners),
      approvals: new Map(this.approvals),
      items: this.items.map((item) => ({ ...item })),
      sales: this.sales,
      marketLogs: [...this.marketLogs],
    };
    const plugged = [...this.contracts.values()].map((contract) => [contract, contract.save()] as const);
    const restore = () => {
      Object.assign(this, saved);
      for (const [contract, state] of plugged) contract.restore(state);
    };
    try {
      const result = work();
      if (!commit) restore();
      return result;
    } catch (error) {
      restore();
      throw error;
    }
  }

  private view(to: string, data: string, from?: string): string {
    const target = to.toLowerCase();
    const plugged = this.contracts.get(target);
    if (plugged) {
      if (!plugged.view) throw new Revert(`no calls at ${to}`);
      return plugged.view(data);
    }
    if (target === USDT.toLowerCase()) {
      const call = erc20.parseTransaction({ data })!;
      if (call.name === 'balanceOf')
        return erc20.encodeFunctionResult('balanceOf', [this.usdtOf(String(call.args[0]))]);
      if (call.name === 'allowance') {
        const allowance = this.allowances.get(key(String(call.args[0]), String(call.args[1]))) ?? 0n;
        return erc20.encodeFunctionResult('allowance', [allowance]);
      }
    }
    if (target === MARKETPLACE.toLowerCase()) {
      const row = (item: MarketRow) => [
        item.itemId,
        item.nftContract,
        item.tokenId,
        item.seller,
        item.owner,
        item.price,
        item.sold,
      ];
      if (market.parseTransaction({ data })?.name === 'fetchItemsCreated') {
        const created = this.items.filter(
          (item) => item.itemId !== 0n && key(item.seller) === key(from ?? ZeroAddress),
        );
        return market.encodeFunctionResult('fetchItemsCreated', [created.map(row)]);
      }
      // §9.1: every item whose owner is 0x0, deleted (released) ones as all-zero entries, in an array of
      // length created − sold: after a double sale it is too short and the read reverts with Panic(0x32).
      const open = this.items.filter((item) => item.owner === ZeroAddress);
      if (open.length > this.items.length - this.sales) throw new FakePanic(0x32);
      return market.encodeFunctionResult('fetchMarketItems', [
        open.map((item) => [
          item.itemId,
          item.nftContract,
          item.tokenId,
          item.seller,
          item.owner,
          item.price,
          item.sold,
        ]),
      ]);
    }
    const call = nft.parseTransaction({ data })!;
    if (call.name === 'cost') {
      const cost = this.mintCost.get(target);
      if (cost === undefined) throw new Revert(`no contract at ${to}`);
      return nft.encodeFunctionResult('cost', [cost]);
    }
    if (call.name === 'ownerOf') {
      const owner = this.ownerOf(to, call.args[0] as bigint);
      if (!owner) throw new Revert('ERC721NonexistentToken');
      return nft.encodeFunctionResult('ownerOf', [owner]);
    }
    if (call.name === 'getApproved') {
      return nft.encodeFunctionResult('getApproved', [
        this.approvals.get(key(to, call.args[0] as bigint)) ?? ZeroAddress,
      ]);
    }
    if (call.name === 'isApprovedForAll') return nft.encodeFunctionResult('isApprovedForAll', [false]);
    if (call.name === 'supportsInterface') {
      return nft.encodeFunctionResult('supportsInterface', [this.royaltyInfo(to, 0n) !== null]);
    }
    if (call.name === 'royaltyInfo') {
      const info = this.royaltyInfo(to, call.args[1] as bigint);
      if (!info) throw new Revert('unsupported view royaltyInfo');
      return nft.encodeFunctionResult('royaltyInfo', info);
    }
    throw new Revert(`unsupported view ${call.name}`);
  }

  // --- JSON-RPC ---------------------------------------------------------------------------------
  private receipt(tx: Mined) {
    return {
      transactionHash: tx.hash,
      blockHash: id(`block-${tx.blockNumber}`),
      blockNumber: `0x${tx.blockNumber.toString(16)}`,
      transactionIndex: '0x0',
      from: tx.from,
      to: tx.to,
      gasUsed: '0x5208',
      cumulativeGasUsed: '0x5208',
      effectiveGasPrice: '0x1',
      contractAddress: null,
      logs: tx.logs.map((log, index) => ({
        ...log,
        blockNumber: `0x${tx.blockNumber.toString(16)}`,
        blockHash: id(`block-${tx.blockNumber}`),
        transactionHash: tx.hash,
        transactionIndex: '0x0',
        logIndex: `0x${index.toString(16)}`,
        removed: false,
      })),
      logsBloom: `0x${'00'.repeat(256)}`,
      status: tx.status === 1 ? '0x1' : '0x0',
      type: '0x0',
    };
  }

  private transaction(tx: Mined) {
    const mined = this.mined.has(tx.hash);
    return {
      hash: tx.hash,
      from: tx.from,
      to: tx.to,
      nonce: '0x0',
      gas: tx.gas,
      gasPrice: '0x1',
      value: '0x0',
      input: tx.data,
      blockNumber: mined ? `0x${tx.blockNumber.toString(16)}` : null,
      blockHash: mined ? id(`block-${tx.blockNumber}`) : null,
      transactionIndex: mined ? '0x0' : null,
      type: '0x0',
      chainId: `0x${CHAIN_ID.toString(16)}`,
      v: '0x1b',
      r: `0x${'11'.repeat(32)}`,
      s: `0x${'22'.repeat(32)}`,
    };
  }

  private find(hash: string): Mined | undefined {
    const wanted = hash.toLowerCase();
    return this.mined.get(wanted) ?? this.held.find((tx) => tx.hash === wanted);
  }

  /** Answers one JSON-RPC method; throws an RPC error object for failures. */
  answer(method: string, params: unknown[] = [], fromWallet = false): unknown {
    const revertError = (error: unknown) => {
      if (error instanceof FakePanic) {
        const data = `0x4e487b71${AbiCoder.defaultAbiCoder().encode(['uint256'], [error.code]).slice(2)}`;
        throw Object.assign(new Error('execution reverted: panic'), { code: 3, data });
      }
      if (!(error instanceof Revert)) throw error;
      const data = `0x08c379a0${AbiCoder.defaultAbiCoder().encode(['string'], [error.message]).slice(2)}`;
      throw Object.assign(new Error(`execution reverted: ${error.message}`), { code: 3, data });
    };
    switch (method) {
      case 'eth_chainId':
        return `0x${(fromWallet ? this.walletChainId : CHAIN_ID).toString(16)}`;
      case 'net_version':
        return String(CHAIN_ID);
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [this.account];
      case 'wallet_switchEthereumChain': {
        const [{ chainId }] = params as [{ chainId: string }];
        this.walletChainId = Number(chainId);
        this.chainListeners.forEach((listener) => listener());
        return null;
      }
      case 'personal_sign': {
        if (!fromWallet) throw new Error('personal_sign only through the wallet');
        // Anvil's account #1 (the test user): the sign-in signature verifies like a real wallet's.
        const [message] = params as [string];
        return new Wallet(USER_KEY).signMessageSync(getBytes(message));
      }
      case 'eth_blockNumber':
        return `0x${this.block.toString(16)}`;
      case 'eth_call': {
        const [call] = params as [{ to: string; data: string; from?: string; gas?: string }];
        this.ethCalls.push({ to: call.to, gas: call.gas });
        try {
          return this.view(call.to, call.data, call.from);
        } catch (error) {
          return revertError(error);
        }
      }
      case 'eth_estimateGas': {
        const [call] = params as [{ to: string; data: string; from?: string }];
        try {
          this.simulate(() => this.execute(call.from ?? this.account, call.to, call.data), false);
          return '0x186a0';
        } catch (error) {
          return revertError(error);
        }
      }
      case 'eth_sendTransaction': {
        if (!fromWallet) throw new Error('eth_sendTransaction only through the wallet');
        const [call] = params as [{ to: string; data: string; from?: string; gas?: string }];
        const from = getAddress(call.from ?? this.account);
        let status: 1 | 0 = 1;
        let logs: Mined['logs'] = [];
        try {
          logs = this.simulate(() => this.execute(from, call.to, call.data), true);
        } catch (error) {
          if (!(error instanceof Revert)) throw error;
          status = 0;
        }
        this.sent += 1;
        const hash = id(`tx-${this.sent}-${Date.now()}`);
        const tx: Mined = {
          hash,
          from,
          to: call.to,
          data: call.data,
          gas: call.gas ?? '0x0',
          blockNumber: 0,
          status,
          logs,
        };
        if (this.holdBlocks) this.held.push(tx);
        else this.mined.set(hash, { ...tx, blockNumber: ++this.block });
        return hash;
      }
      case 'eth_getTransactionByHash': {
        const tx = this.find(String(params[0]));
        return tx ? this.transaction(tx) : null;
      }
      case 'eth_getTransactionReceipt': {
        const tx = this.mined.get(String(params[0]).toLowerCase());
        return tx ? this.receipt(tx) : null;
      }
      case 'eth_getBalance':
        return `0x${(this.nativeBalances.get(String(params[0]).toLowerCase()) ?? 0n).toString(16)}`;
      case 'eth_gasPrice':
        if (this.gasPrice === null) throw Object.assign(new Error('unexpected eth_gasPrice'), { code: -32601 });
        return `0x${this.gasPrice.toString(16)}`;
      case 'eth_getLogs': {
        const [filter] = params as [
          { address: string; topics?: (string | null)[]; fromBlock: string; toBlock: string },
        ];
        const fromBlock = Number(filter.fromBlock);
        const toBlock = Number(filter.toBlock);
        const tokenTopic = filter.topics?.[3] ?? null;
        this.logQueries.push({ fromBlock, toBlock, tokenTopic });
        if (toBlock - fromBlock + 1 > this.maxLogRange) {
          throw Object.assign(new Error('block range is too wide'), { code: -32005 });
        }
        if (key(filter.address) !== key(MARKETPLACE)) return [];
        return this.marketLogs
          .filter(
            (log) =>
              log.blockNumber >= fromBlock &&
              log.blockNumber <= toBlock &&
              (filter.topics ?? []).every(
                (topic, index) => topic === null || key(topic) === key(log.topics[index] ?? ''),
              ),
          )
          .map((log, index) => ({
            address: log.address,
            topics: log.topics,
            data: log.data,
            blockNumber: `0x${log.blockNumber.toString(16)}`,
            blockHash: id(`block-${log.blockNumber}`),
            transactionHash: id(`log-${log.blockNumber}-${index}`),
            transactionIndex: '0x0',
            logIndex: `0x${index.toString(16)}`,
            removed: false,
          }));
      }
      case 'eth_getCode':
        // No contract history before the current block: chain-history readers start at the head (nothing to read).
        return '0x';
      case 'eth_getBlockByNumber':
        return {
          number: `0x${this.block.toString(16)}`,
          hash: id(`block-${this.block}`),
          parentHash: id(`block-${this.block - 1}`),
          timestamp: `0x${this.timestamp.toString(16)}`,
          nonce: '0x0000000000000000',
          difficulty: '0x0',
          gasLimit: '0x1c9c380',
          gasUsed: '0x0',
          miner: ZeroAddress,
          extraData: '0x',
          transactions: [],
        };
      default:
        throw Object.assign(new Error(`unexpected ${method}`), { code: -32601 });
    }
  }

  /** The read provider's node, through MSW. */
  serveRpc() {
    server.use(
      http.post(RPC_URL, async ({ request }) => {
        this.rpcRequests += 1;
        if (this.rpcDown) return new HttpResponse('Service Unavailable', { status: 503 });
        const body = (await request.json()) as RpcRequest | RpcRequest[];
        this.rpcBatches.push(Array.isArray(body) ? body : [body]);
        const one = (rpc: RpcRequest) => {
          try {
            return { jsonrpc: '2.0', id: rpc.id, result: this.answer(rpc.method, rpc.params) };
          } catch (error) {
            const { code, message, data } = error as { code?: number; message: string; data?: string };
            return { jsonrpc: '2.0', id: rpc.id, error: { code: code ?? -32603, message, data } };
          }
        };
        return HttpResponse.json(Array.isArray(body) ? body.map(one) : one(body));
      }),
    );
    return this;
  }

  /** The user's wallet (EIP-1193). */
  wallet(): Eip1193Provider {
    return {
      request: ({ method, params = [] }: { method: string; params?: unknown[] }) => {
        this.walletCalls.push({ method, params });
        const rejections = this.rejectNext.get(method) ?? 0;
        if (rejections > 0) {
          this.rejectNext.set(method, rejections - 1);
          return Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
        }
        if (method === 'eth_sendTransaction' && this.walletPrompt) {
          return this.walletPrompt.then(() => this.answer(method, params, true));
        }
        try {
          return Promise.resolve(this.answer(method, params, true));
        } catch (error) {
          return Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    };
  }

  /**
   * A wallet connector over this chain's wallet for renderApp: connected from the start when
   * `connected`, otherwise when the app opens the wallet dialog.
   */
  connector({ connected = true, chainId = CHAIN_ID }: { connected?: boolean; chainId?: number } = {}) {
    const provider = this.wallet();
    const listeners: ((snapshot: WalletSnapshot) => void)[] = [];
    this.walletChainId = chainId;
    const snapshot = (): WalletSnapshot => ({ address: this.account, chainId: this.walletChainId, provider });
    const emit = () => listeners.forEach((listener) => listener(snapshot()));
    // Like a real wallet, a switch is announced to the app (Web3Modal emits a new snapshot).
    this.chainListeners.push(() => {
      if (state.connected) emit();
    });
    const state = { opened: 0, connected };
    const connector: WalletConnector = {
      open: () => {
        state.opened += 1;
        state.connected = true;
        emit();
        return Promise.resolve();
      },
      disconnect: () => Promise.resolve(),
      subscribe: (listener) => {
        listeners.push(listener);
        if (state.connected) listener(snapshot());
      },
      getSigner: async (eip1193) =>
        withAccount(
          await new BrowserProvider(eip1193, CHAIN_ID, {
            staticNetwork: true,
            cacheTimeout: -1,
            pollingInterval: 10,
          }).getSigner(),
        ),
    };
    return { load: () => Promise.resolve(connector), state };
  }
}
