import type { Signer } from 'ethers';
import type { Address } from '@/config/env';
import { asStep } from '@/lib/chain/contract-call';
import { createMarketSale } from '@/lib/chain/contracts/marketplace';
import { mintNft } from '@/lib/chain/contracts/nft-collection';
import { planTokenAllowance, type TxPlan } from '@/lib/tx/plan';

/** deployed-system.md §C5.1 primary sale: USDT approve to the collection for `cost` (when needed), then `mint(tokenId, cost)`. */
export async function planMint(
  signer: Signer,
  params: { usdt: Address; collection: Address; tokenId: bigint; cost: bigint },
): Promise<TxPlan> {
  return [
    ...(await planTokenAllowance(signer, params.usdt, 'USDT', params.collection, params.cost)),
    asStep('mint', mintNft(signer, params.collection, params.tokenId, params.cost)),
  ];
}

/** deployed-system.md §C5.2 secondary sale: USDT approve to the marketplace for the price (when needed), then `createMarketSale`. */
export async function planBuy(
  signer: Signer,
  params: { usdt: Address; marketplace: Address; nftContract: Address; itemId: bigint; price: bigint },
): Promise<TxPlan> {
  return [
    ...(await planTokenAllowance(signer, params.usdt, 'USDT', params.marketplace, params.price)),
    asStep('buy', createMarketSale(signer, params.marketplace, params.nftContract, params.itemId, params.price)),
  ];
}
