import type { Signer, TransactionReceipt } from 'ethers';
import type { Address } from '@/config/env';
import { createMarketItem, findMarketItemCreated, releaseSale } from '@/lib/chain/contracts/marketplace';
import { planNftApproval, runPlan, type PlanOptions, type TxPlan } from '@/lib/tx/plan';
import { AppError } from '@/lib/errors/app-error';

/** §5.3: NFT approve to the marketplace (when needed), then `createMarketItem`. */
export async function planListing(
  signer: Signer,
  params: { marketplace: Address; nftContract: Address; tokenId: bigint; price: bigint },
): Promise<TxPlan> {
  return [
    ...(await planNftApproval(signer, params.nftContract, params.marketplace, params.tokenId)),
    createMarketItem(signer, params.marketplace, params.nftContract, params.tokenId, params.price),
  ];
}

/** The new marketplace item id, read from the `MarketItemCreated` event of the listing's receipt. */
export function listedItemId(receipt: TransactionReceipt, marketplace: Address): bigint {
  const created = findMarketItemCreated(receipt, marketplace);
  if (!created) {
    throw new AppError('invalid-response', 'The listing was confirmed but carries no MarketItemCreated event.', {
      cause: receipt.hash,
    });
  }
  return created.itemId;
}

export async function listNftForSale(
  signer: Signer,
  params: Parameters<typeof planListing>[1],
  options: PlanOptions = {},
): Promise<{ itemId: bigint; receipt: TransactionReceipt }> {
  const receipt = await runPlan(await planListing(signer, params), options);
  return { itemId: listedItemId(receipt, params.marketplace), receipt };
}

/** §5.4: `releaseSale(itemId)` — one step, nothing to approve. */
export function planRelease(signer: Signer, params: { marketplace: Address; itemId: bigint }): TxPlan {
  return [releaseSale(signer, params.marketplace, params.itemId)];
}

/** §5.4: `releaseSale(itemId)`. */
export function releaseMarketItem(
  signer: Signer,
  params: { marketplace: Address; itemId: bigint },
  options: PlanOptions = {},
): Promise<TransactionReceipt> {
  return runPlan(planRelease(signer, params), options);
}
