import type { Signer, TransactionReceipt } from 'ethers';
import type { Address } from '@/config/env';
import { signerAddress } from '@/lib/chain/contract-call';
import { approveErc20, getErc20Allowance } from '@/lib/chain/contracts/erc20';
import {
  createMarketItem,
  createMarketSale,
  findMarketItemCreated,
  releaseSale,
} from '@/lib/chain/contracts/marketplace';
import { approveNft, isOperatorApproved, mintNft } from '@/lib/chain/contracts/nft-collection';
import { claimRewards, stake, unstake } from '@/lib/chain/contracts/staking';
import {
  cancelOrder,
  createOrder,
  swapOrder,
  updateOrder,
  type OrderType,
  type SwapOrder,
} from '@/lib/chain/contracts/swap';
import {
  otherToken,
  swapTokenAddress,
  swapTokenOf,
  takerCost,
  updateApproveAmount,
  type SwapToken,
  type SwapTokens,
} from '@/lib/chain/swap-math';
import { runTransaction, type TxOptions } from '@/lib/chain/transaction';
import { AppError } from '@/lib/errors/app-error';

/**
 * The contract flows of contracts.md §5, each "approve → action" with every step waited for
 * (receipt status success) before the next. An approve is skipped when the current allowance or
 * approval already covers the action, saving the user a wallet prompt. Reads go through the
 * signer's own node so they see the state the wallet will send against.
 */

async function ensureTokenAllowance(
  signer: Signer,
  token: Address,
  tokenName: string,
  spender: Address,
  amount: bigint,
  options: TxOptions,
): Promise<void> {
  if (amount === 0n) return;
  const owner = await signerAddress(signer);
  const current = await getErc20Allowance(signer, token, owner, spender);
  if (current >= amount) return;
  await runTransaction(approveErc20(signer, token, spender, amount, tokenName), options);
}

async function ensureNftApproval(
  signer: Signer,
  collection: Address,
  operator: Address,
  tokenId: bigint,
  options: TxOptions,
): Promise<void> {
  const owner = await signerAddress(signer);
  if (await isOperatorApproved(signer, collection, owner, operator, tokenId)) return;
  await runTransaction(approveNft(signer, collection, operator, tokenId), options);
}

// --- §5.1 mint, §5.2 buy -----------------------------------------------------------------------

/** Primary sale: USDT approve to the collection for `cost`, then `mint(tokenId, cost)`. */
export async function mintWithUsdt(
  signer: Signer,
  params: { usdt: Address; collection: Address; tokenId: bigint; cost: bigint },
  options: TxOptions = {},
): Promise<TransactionReceipt> {
  await ensureTokenAllowance(signer, params.usdt, 'USDT', params.collection, params.cost, options);
  return runTransaction(mintNft(signer, params.collection, params.tokenId, params.cost), options);
}

/** Secondary sale: USDT approve to the marketplace for the price, then `createMarketSale`. */
export async function buyMarketItem(
  signer: Signer,
  params: { usdt: Address; marketplace: Address; nftContract: Address; itemId: bigint; price: bigint },
  options: TxOptions = {},
): Promise<TransactionReceipt> {
  await ensureTokenAllowance(signer, params.usdt, 'USDT', params.marketplace, params.price, options);
  return runTransaction(
    createMarketSale(signer, params.marketplace, params.nftContract, params.itemId, params.price),
    options,
  );
}

// --- §5.3 list, §5.4 release ---------------------------------------------------------------------

/**
 * NFT approve to the marketplace, then `createMarketItem`; resolves with the new item id read from
 * the `MarketItemCreated` event of the receipt (the CMS stores it as item_id).
 */
export async function listNftForSale(
  signer: Signer,
  params: { marketplace: Address; nftContract: Address; tokenId: bigint; price: bigint },
  options: TxOptions = {},
): Promise<{ itemId: bigint; receipt: TransactionReceipt }> {
  await ensureNftApproval(signer, params.nftContract, params.marketplace, params.tokenId, options);
  const receipt = await runTransaction(
    createMarketItem(signer, params.marketplace, params.nftContract, params.tokenId, params.price),
    options,
  );
  const created = findMarketItemCreated(receipt, params.marketplace);
  if (!created) {
    throw new AppError('invalid-response', 'The listing was confirmed but carries no MarketItemCreated event.', {
      cause: receipt.hash,
    });
  }
  return { itemId: created.itemId, receipt };
}

export function releaseMarketItem(
  signer: Signer,
  params: { marketplace: Address; itemId: bigint },
  options: TxOptions = {},
): Promise<TransactionReceipt> {
  return runTransaction(releaseSale(signer, params.marketplace, params.itemId), options);
}

// --- §5.6 staking ----------------------------------------------------------------------------------

/** NFT approve to the staking contract, then `stake([pid], [tokenId])`. */
export async function stakeNft(
  signer: Signer,
  params: { staking: Address; collection: Address; pid: number; tokenId: bigint },
  options: TxOptions = {},
): Promise<TransactionReceipt> {
  await ensureNftApproval(signer, params.collection, params.staking, params.tokenId, options);
  return runTransaction(stake(signer, params.staking, [{ pid: params.pid, tokenId: params.tokenId }]), options);
}

export function claimStakingRewards(
  signer: Signer,
  params: { staking: Address; pid: number; tokenId: bigint },
  options: TxOptions = {},
): Promise<TransactionReceipt> {
  return runTransaction(claimRewards(signer, params.staking, [{ pid: params.pid, tokenId: params.tokenId }]), options);
}

export function unstakeNft(
  signer: Signer,
  params: { staking: Address; pid: number; tokenId: bigint },
  options: TxOptions = {},
): Promise<TransactionReceipt> {
  return runTransaction(unstake(signer, params.staking, [{ pid: params.pid, tokenId: params.tokenId }]), options);
}

// --- §5.7 swap ---------------------------------------------------------------------------------------

const TOKEN_NAMES: Record<SwapToken, string> = { natura: 'Natura', usdt: 'USDT' };

/** Maker: approve `amountA` of tokenA to the swap contract, then `createOrder`. */
export async function createSwapOrder(
  signer: Signer,
  params: {
    swap: Address;
    tokens: SwapTokens;
    tokenA: SwapToken;
    amountA: bigint;
    price: bigint;
    orderType: OrderType;
  },
  options: TxOptions = {},
): Promise<TransactionReceipt> {
  const tokenA = swapTokenAddress(params.tokenA, params.tokens);
  await ensureTokenAllowance(signer, tokenA, TOKEN_NAMES[params.tokenA], params.swap, params.amountA, options);
  return runTransaction(
    createOrder(signer, params.swap, {
      tokenA,
      amountA: params.amountA,
      price: params.price,
      orderType: params.orderType,
    }),
    options,
  );
}

/** Taker: approve the other token for amountA × price (rounded up), then `swap(order.id)`. */
export async function takeSwapOrder(
  signer: Signer,
  params: { swap: Address; tokens: SwapTokens; order: SwapOrder },
  options: TxOptions = {},
): Promise<TransactionReceipt> {
  const tokenA = swapTokenOf(params.order.tokenA, params.tokens);
  const payWith = otherToken(tokenA);
  const cost = takerCost(params.order, tokenA);
  await ensureTokenAllowance(
    signer,
    swapTokenAddress(payWith, params.tokens),
    TOKEN_NAMES[payWith],
    params.swap,
    cost,
    options,
  );
  return runTransaction(swapOrder(signer, params.swap, params.order.id), options);
}

/**
 * Owner edit of an open order. `amountA` / `price` left undefined or 0 keep the on-chain value
 * (spec: blank or zero inputs keep the existing value). An increase first approves only the
 * difference; a decrease needs no approve (the contract refunds).
 */
export async function updateSwapOrder(
  signer: Signer,
  params: { swap: Address; tokens: SwapTokens; order: SwapOrder; amountA?: bigint; price?: bigint },
  options: TxOptions = {},
): Promise<TransactionReceipt> {
  const amountA = params.amountA ? params.amountA : params.order.amountA;
  const price = params.price ? params.price : params.order.price;
  const tokenA = swapTokenOf(params.order.tokenA, params.tokens);
  const extra = updateApproveAmount(params.order.amountA, amountA);
  await ensureTokenAllowance(signer, params.order.tokenA, TOKEN_NAMES[tokenA], params.swap, extra, options);
  return runTransaction(updateOrder(signer, params.swap, params.order.id, amountA, price), options);
}

export function cancelSwapOrder(
  signer: Signer,
  params: { swap: Address; orderId: number },
  options: TxOptions = {},
): Promise<TransactionReceipt> {
  return runTransaction(cancelOrder(signer, params.swap, params.orderId), options);
}
