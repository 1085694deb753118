import type { TFunction } from 'i18next';
import type { AppConfig } from '@/config/env';
import type { CheckoutMode, CheckoutTerms } from '@/features/checkout/api/terms';
import { purchaseFlow } from '@/features/checkout/tx/flow';
import { planBuy, planMint } from '@/features/checkout/tx/plan';
import { checkCheckout } from '@/features/checkout/tx/preflight';
import { recheckCheckout } from '@/features/checkout/tx/recheck';
import { getReadProvider } from '@/lib/chain/provider';
import type { Nft } from '@/lib/cms/types';
import { AppError } from '@/lib/errors/app-error';
import { queryKeys } from '@/lib/query/keys';
import type { ChainAction } from '@/lib/tx/use-chain-action';

interface PurchaseInput {
  nft: Nft;
  mode: CheckoutMode;
  config: AppConfig;
  /** The chain price the dialog showed; a different price on chain stops the action. */
  shownPrice?: bigint;
  t: TFunction<'nft'>;
  language: string;
}

/**
 * Mint or buy one NFT (deployed-system.md §C5.1–C5.2, §P4.3 and §P4.4): pre-flight reads the
 * chain's terms (contract, item id, price — never the CMS row's, §C9.5), and everything after it —
 * the plan, the look again before the last step, the record's payload — is built from those terms.
 */
export function purchaseAction({
  nft,
  mode,
  config,
  shownPrice,
  t,
  language,
}: PurchaseInput): ChainAction<CheckoutTerms> {
  const contract = nft.collection?.contractAddress ?? '';
  return {
    preflight: ({ account }) =>
      checkCheckout(getReadProvider(), { nft, mode, account, config, shownPrice, t, language }),
    plan: ({ signer }, terms) => {
      if (terms.mode === 'mint') {
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
    recheck: (_context, terms) => recheckCheckout(getReadProvider(), { nft, terms, config, t }),
    action: ({ account }, terms) =>
      purchaseFlow.action({
        nftId: nft.id,
        collectionId: nft.collection?.id ?? 0,
        fromAddress: nft.owner,
        buyer: account,
        price: terms.price.toString(),
        kind: mode === 'mint' ? 'Mint' : 'Buy',
        contractAddress: terms.nftContract,
        tokenId: terms.tokenId.toString(),
        name: nft.tokenName,
      }),
    invalidate: [
      queryKeys.chain.ownerOf(contract, String(nft.tokenId)),
      queryKeys.chain.marketItems(),
      queryKeys.chain.collectionHistory(contract),
      queryKeys.chain.checkoutTerms(mode, contract, String(nft.tokenId)),
      queryKeys.cms.nft(nft.id),
    ],
  };
}
