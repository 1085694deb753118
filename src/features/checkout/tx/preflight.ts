import type { ContractRunner } from 'ethers';
import type { TFunction } from 'i18next';
import type { Address, AppConfig } from '@/config/env';
import { readCheckoutTerms } from '@/features/checkout/api/read-terms';
import type { CheckoutMode, CheckoutTerms } from '@/features/checkout/api/terms';
import { getErc20Balance } from '@/lib/chain/contracts/erc20';
import { findOwnerOf } from '@/lib/chain/contracts/nft-collection';
import type { Nft } from '@/lib/cms/types';
import { sameAddress } from '@/lib/format/address';
import { formatUsdt } from '@/lib/format/numbers';

export type CheckoutCheck = { ok: true; terms: CheckoutTerms } | { ok: false; problem: string };

/**
 * Reads the chain afresh before any wallet prompt and says, in the buyer's words, what stands in
 * the way: the collection is not one the app trusts (no prompt at all), the user already owns it
 * (deployed-system.md §P4.3 step 6: no action), it was minted or sold since the page loaded, the chain now asks
 * another price than the one the screen showed, or the USDT balance is short (by how much). The
 * terms it returns — contract, item id, price — are the chain's, never the CMS row's (deployed-system.md §C9.5).
 */
export async function checkCheckout(
  runner: ContractRunner,
  {
    nft,
    mode,
    account,
    config,
    shownPrice,
    t,
    language,
  }: {
    nft: Nft;
    mode: CheckoutMode;
    account: Address;
    config: AppConfig;
    /** The chain price the screen showed the buyer, when it had one. */
    shownPrice?: bigint;
    t: TFunction<'nft'>;
    language: string;
  },
): Promise<CheckoutCheck> {
  if (sameAddress(nft.owner, account)) return { ok: false, problem: t('checkout.problem.own') };
  const read = await readCheckoutTerms(runner, nft, mode, config);
  if (!read.ok) return { ok: false, problem: t(`checkout.problem.${read.reason}`) };
  const { terms } = read;

  if (mode === 'mint') {
    const owner = await findOwnerOf(runner, terms.nftContract, terms.tokenId);
    if (owner) {
      return {
        ok: false,
        problem: t(sameAddress(owner, account) ? 'checkout.problem.own' : 'checkout.problem.minted'),
      };
    }
  } else if (sameAddress(terms.seller, account)) {
    return { ok: false, problem: t('checkout.problem.ownListing') };
  }
  if (shownPrice !== undefined && terms.price !== shownPrice) {
    return {
      ok: false,
      problem: t('checkout.problem.priceChanged', { price: formatUsdt(terms.price, language) }),
    };
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
