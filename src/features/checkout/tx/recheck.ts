import type { ContractRunner } from 'ethers';
import type { TFunction } from 'i18next';
import type { AppConfig } from '@/config/env';
import { readCheckoutTerms } from '@/features/checkout/api/read-terms';
import type { CheckoutTerms } from '@/features/checkout/api/terms';
import { findOwnerOf } from '@/lib/chain/contracts/nft-collection';
import type { Nft } from '@/lib/cms/types';
import { sameAddress } from '@/lib/format/address';

/**
 * The look again right before `mint` or `createMarketSale` is handed to the wallet, after the USDT
 * approval was mined (deployed-system.md §C9.7). The deployed marketplace does not check `sold`
 * (deployed-system.md §C9.1): a buy sent for an item someone bought and relisted meanwhile pays
 * the old seller again and takes the token behind the new item. So the item the pre-flight chose
 * must still be the token's live listing — the same item id at the same price, read the way the
 * checkout reads it — and the marketplace must still hold the token. A mint needs the token still
 * unminted. Returns the buyer's words, or null.
 */
export async function recheckCheckout(
  runner: ContractRunner,
  { nft, terms, config, t }: { nft: Nft; terms: CheckoutTerms; config: AppConfig; t: TFunction<'nft'> },
): Promise<string | null> {
  if (terms.mode === 'mint') {
    const owner = await findOwnerOf(runner, terms.nftContract, terms.tokenId);
    return owner ? t('checkout.problem.mintedMeanwhile') : null;
  }
  const [read, holder] = await Promise.all([
    readCheckoutTerms(runner, nft, 'buy', config),
    findOwnerOf(runner, terms.nftContract, terms.tokenId),
  ]);
  const unchanged =
    read.ok &&
    read.terms.itemId === terms.itemId &&
    read.terms.price === terms.price &&
    sameAddress(read.terms.nftContract, terms.nftContract) &&
    sameAddress(holder, config.addresses.marketplace);
  return unchanged ? null : t('checkout.problem.soldMeanwhile');
}
