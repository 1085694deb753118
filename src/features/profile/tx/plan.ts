import type { Signer } from 'ethers';
import type { Address } from '@/config/env';
import { asStep } from '@/lib/chain/contract-call';
import { createMarketItem, releaseSale } from '@/lib/chain/contracts/marketplace';
import { planNftApproval, type TxPlan } from '@/lib/tx/plan';

/** deployed-system.md §C5.3: NFT approve to the marketplace (when needed), then `createMarketItem`. */
export async function planListing(
  signer: Signer,
  params: { marketplace: Address; nftContract: Address; tokenId: bigint; price: bigint },
): Promise<TxPlan> {
  return [
    ...(await planNftApproval(signer, params.nftContract, params.marketplace, params.tokenId)),
    asStep('list', createMarketItem(signer, params.marketplace, params.nftContract, params.tokenId, params.price)),
  ];
}

/** deployed-system.md §C5.4: `releaseSale(itemId)` — one step, nothing to approve. */
export function planRelease(signer: Signer, params: { marketplace: Address; itemId: bigint }): TxPlan {
  return [asStep('release', releaseSale(signer, params.marketplace, params.itemId))];
}
