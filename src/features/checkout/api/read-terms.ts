import type { ContractRunner } from 'ethers';
import type { AppConfig } from '@/config/env';
import { saleSplit } from '@/features/checkout/api/sale-split';
import type { CheckoutMode, TermsResult } from '@/features/checkout/api/terms';
import { getMintCost, getSaleRoyalty } from '@/lib/chain/contracts/nft-collection';
import { readLiveMarketItems } from '@/lib/chain/market-listings';
import type { Nft } from '@/lib/cms/types';
import { sameAddress } from '@/lib/format/address';
import { isTrustedCollection } from '@/lib/trust/trusted-collections';

/**
 * Reads the terms of a mint or buy from the chain (deployed-system.md §C9.5): a mint only on a trusted
 * collection, at its own `cost()`; a buy only of the marketplace's own item for this contract and
 * token id (zero entries are already skipped; the marketplace's events stand in when its listing read is bricked,
 * §C9.1a), at its price, with the
 * royalty the collection reports and the marketplace's fee on the rest (deployed-system.md §C9.1).
 */
export async function readCheckoutTerms(
  runner: ContractRunner,
  nft: Pick<Nft, 'tokenId' | 'collection'>,
  mode: CheckoutMode,
  config: AppConfig,
): Promise<TermsResult> {
  const contract = nft.collection?.contractAddress;
  if (!contract) return { ok: false, reason: 'noContract' };
  const tokenId = BigInt(nft.tokenId);
  if (mode === 'mint') {
    if (!isTrustedCollection(contract, config)) return { ok: false, reason: 'untrusted' };
    const price = await getMintCost(runner, contract);
    return { ok: true, terms: { mode, nftContract: contract, tokenId, price } };
  }
  const items = await readLiveMarketItems(runner, config.addresses.marketplace);
  const item = items.find(
    (candidate) => !candidate.sold && candidate.tokenId === tokenId && sameAddress(candidate.nftContract, contract),
  );
  if (!item) return { ok: false, reason: 'notForSale' };
  const royalty = await getSaleRoyalty(runner, item.nftContract, item.tokenId, item.price);
  return {
    ok: true,
    terms: {
      mode,
      nftContract: item.nftContract,
      tokenId: item.tokenId,
      price: item.price,
      itemId: item.itemId,
      seller: item.seller,
      split: saleSplit(item.price, royalty.amount, royalty.amount > 0n ? royalty.receiver : null),
    },
  };
}
