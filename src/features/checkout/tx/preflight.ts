import type { ContractRunner } from 'ethers';
import type { TFunction } from 'i18next';
import type { Address, AppConfig } from '@/config/env';
import { getErc20Balance } from '@/lib/chain/contracts/erc20';
import { fetchMarketItems } from '@/lib/chain/contracts/marketplace';
import { findOwnerOf } from '@/lib/chain/contracts/nft-collection';
import type { Nft } from '@/lib/cms/types';
import { sameAddress } from '@/lib/format/address';
import { formatUsdt } from '@/lib/format/numbers';

export type CheckoutMode = 'mint' | 'buy';

/** What the chain says the purchase will be: the amount to pay and, for a buy, the marketplace item. */
export interface CheckoutTerms {
  price: bigint;
  itemId?: bigint;
}

export type CheckoutCheck = { ok: true; terms: CheckoutTerms } | { ok: false; problem: string };

/**
 * Reads the chain afresh before any wallet prompt and says, in the buyer's words, what stands in
 * the way: the user already owns it (spec §4 step 6: no action), it was minted or sold since the
 * page loaded, the marketplace asks another price, or the USDT balance is short (by how much).
 */
export async function checkCheckout(
  runner: ContractRunner,
  {
    nft,
    mode,
    account,
    config,
    t,
    language,
  }: {
    nft: Nft;
    mode: CheckoutMode;
    account: Address;
    config: AppConfig;
    t: TFunction<'nft'>;
    language: string;
  },
): Promise<CheckoutCheck> {
  const contract = nft.collection?.contractAddress as Address | null | undefined;
  if (sameAddress(nft.owner, account)) return { ok: false, problem: t('checkout.problem.own') };
  if (!contract) return { ok: false, problem: t('checkout.problem.noContract') };
  const tokenId = BigInt(nft.tokenId);

  let terms: CheckoutTerms;
  if (mode === 'mint') {
    const owner = await findOwnerOf(runner, contract, tokenId);
    if (owner) {
      return {
        ok: false,
        problem: t(sameAddress(owner, account) ? 'checkout.problem.own' : 'checkout.problem.minted'),
      };
    }
    terms = { price: nft.price };
  } else {
    const items = await fetchMarketItems(runner, config.addresses.marketplace);
    const item = items.find(
      (candidate) => !candidate.sold && candidate.tokenId === tokenId && sameAddress(candidate.nftContract, contract),
    );
    if (!item) return { ok: false, problem: t('checkout.problem.notForSale') };
    if (sameAddress(item.seller, account)) return { ok: false, problem: t('checkout.problem.ownListing') };
    if (item.price !== nft.price) {
      return {
        ok: false,
        problem: t('checkout.problem.priceChanged', { price: formatUsdt(item.price, language) }),
      };
    }
    terms = { price: item.price, itemId: item.itemId };
  }

  const balance = await getErc20Balance(runner, config.addresses.usdt, account);
  if (balance < terms.price) {
    return {
      ok: false,
      problem: t('checkout.problem.balance', {
        balance: formatUsdt(balance, language),
        missing: formatUsdt(terms.price - balance, language),
      }),
    };
  }
  return { ok: true, terms };
}
