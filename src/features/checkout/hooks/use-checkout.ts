import { useTranslation } from 'react-i18next';
import { getConfig, type Address } from '@/config/env';
import type { CheckoutMode, CheckoutTerms } from '@/features/checkout/api/terms';
import { purchaseJob } from '@/features/checkout/tx/bookkeeping';
import { planBuy, planMint } from '@/features/checkout/tx/plan';
import { checkCheckout } from '@/features/checkout/tx/preflight';
import { recheckCheckout } from '@/features/checkout/tx/recheck';
import { getReadProvider } from '@/lib/chain/provider';
import { useChainAction } from '@/lib/tx/use-chain-action';
import type { Nft } from '@/lib/cms/types';
import { AppError } from '@/lib/errors/app-error';
import { queryKeys } from '@/lib/query/keys';

/**
 * Mint or buy one NFT through the shared action path: pre-flight on chain, USDT approve when the
 * allowance falls short, then `mint` or `createMarketSale`, then the purchase bookkeeping
 * through the outbox (deployed-system.md §C5.1–C5.2, §P4.3 and §P4.4).
 */
export function useCheckout(nft: Nft, mode: CheckoutMode) {
  const { t, i18n } = useTranslation('nft');
  const action = useChainAction();
  const contract = (nft.collection?.contractAddress ?? '') as Address;
  const tokenId = BigInt(nft.tokenId);

  /** `shownPrice`: the chain price the dialog showed; a different price on chain stops the action. */
  const start = (shownPrice?: bigint) => {
    const config = getConfig();
    const title = t(mode === 'mint' ? 'checkout.jobMint' : 'checkout.jobBuy', { name: nft.tokenName });
    let terms: CheckoutTerms | undefined;
    return action.start({
      title,
      preflight: async ({ account }) => {
        const check = await checkCheckout(getReadProvider(), {
          nft,
          mode,
          account,
          config,
          shownPrice,
          t,
          language: i18n.language,
        });
        if (!check.ok) return check.problem;
        terms = check.terms;
        return null;
      },
      plan: ({ signer }) => {
        if (!terms) throw new AppError('unknown', 'The checkout was not checked before it ran.');
        // Every address, id and amount below is the chain's or the configuration's (deployed-system.md §C9.5).
        if (mode === 'mint') {
          return planMint(signer, {
            usdt: config.addresses.usdt,
            collection: terms.nftContract,
            tokenId: terms.tokenId,
            cost: terms.price,
          });
        }
        if (terms.itemId === undefined) throw new AppError('unknown', 'The marketplace item was not read.');
        return planBuy(signer, {
          usdt: config.addresses.usdt,
          marketplace: config.addresses.marketplace,
          nftContract: terms.nftContract,
          itemId: terms.itemId,
          price: terms.price,
        });
      },
      // Right before mint / createMarketSale, after the approval was mined: still unminted, or still this item at this price.
      recheck: () => (terms ? recheckCheckout(getReadProvider(), { nft, terms, config, t }) : Promise.resolve(null)),
      bookkeeping: ({ account }) => [
        purchaseJob(
          {
            nftId: nft.id,
            collectionId: nft.collection?.id ?? 0,
            fromAddress: nft.owner,
            buyer: account,
            price: terms?.price ?? nft.price,
            kind: mode === 'mint' ? 'Mint' : 'Buy',
          },
          title,
          terms ? { contract: terms.nftContract, tokenId: terms.tokenId } : undefined,
        ),
      ],
      invalidate: [
        queryKeys.chain.ownerOf(contract, tokenId.toString()),
        queryKeys.chain.marketItems(),
        queryKeys.chain.checkoutTerms(mode, contract, tokenId.toString()),
        queryKeys.cms.nft(nft.id),
      ],
    });
  };

  return { ...action, start };
}
