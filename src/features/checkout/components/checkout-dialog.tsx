import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ChainActionStatus } from '@/components/chain-action-status';
import { WriteDialog } from '@/components/write-dialog';
import { useCheckoutTerms, type CheckoutMode, type CheckoutTerms } from '@/features/checkout/api/terms';
import { ChainPrice, SaleSplitList } from '@/features/checkout/components/chain-price';
import { useCheckout } from '@/features/checkout/hooks/use-checkout';
import type { Nft } from '@/lib/cms/types';
import { sameAddress } from '@/lib/format/address';
import { useChainSession } from '@/lib/tx/chain-session';
import { useOutboxEntry } from '@/lib/tx/outbox/use-outbox';

export interface CheckoutDialogProps {
  nft: Nft;
  mode: CheckoutMode;
  /** The button's label: the NFT's status name ("Mint", "Buy Now"). */
  actionLabel: string;
  onHide: () => void;
}

/** After the chain confirms: the token's owner read again, so "is yours" is said only when it is true. */
function useOwnerAfter(terms: CheckoutTerms | undefined, receiptHash: string | undefined) {
  return useQuery({
    queryKey: ['chain', 'owner-after', receiptHash ?? '', terms?.nftContract ?? '', String(terms?.tokenId ?? '')],
    queryFn: async () => {
      const [{ getReadProvider }, { findOwnerOf }] = await Promise.all([
        import('@/lib/chain/provider'),
        import('@/lib/chain/contracts/nft-collection'),
      ]);
      return findOwnerOf(getReadProvider(), terms!.nftContract, terms!.tokenId);
    },
    enabled: Boolean(terms && receiptHash),
    staleTime: Infinity,
  });
}

/**
 * The checkout (deployed-system.md §P2.7, §U9): the spec's texts, the chain's price
 * (and, for a sale, where the money goes), one button that runs approve → mint / buy, every step
 * shown while it runs, and after the chain confirms, the owner checked and the record being saved.
 * A collection the app does not trust gets its message and no button that could prompt a wallet.
 * The dialog cannot be closed while a transaction is in flight.
 */
export default function CheckoutDialog({ nft, mode, actionLabel, onHide }: CheckoutDialogProps) {
  const { t } = useTranslation('nft');
  const { t: tx } = useTranslation('tx');
  const session = useChainSession();
  const checkout = useCheckout(nft, mode);
  const termsQuery = useCheckoutTerms(nft, mode);
  const { phase, error } = checkout.state;
  const record = useOutboxEntry(checkout.state.outboxIds[0]);
  const running = checkout.busy;
  const confirmed = phase === 'confirmed';
  const read = termsQuery.data;
  // The terms a started action runs on stay on screen while it runs and after it confirmed, when
  // the chain's fresh answer is "no longer for sale".
  const [usedTerms, setUsedTerms] = useState<CheckoutTerms | undefined>();
  const settled = running || confirmed;
  const terms = settled && usedTerms ? usedTerms : read?.ok ? read.terms : undefined;
  const refused = !settled && read && !read.ok ? t(`checkout.problem.${read.reason}`) : null;
  const ownerAfter = useOwnerAfter(usedTerms, confirmed ? checkout.state.receipt?.hash : undefined);
  // A blocked action may have found another price on chain: show the chain's figure again.
  const { refetch } = termsQuery;
  useEffect(() => {
    if (phase === 'blocked') void refetch();
  }, [phase, refetch]);
  const isYours = sameAddress(ownerAfter.data, session.account);
  const canStart = !running && !confirmed && Boolean(terms);

  const outcome = () => {
    if (ownerAfter.isPending) return t('checkout.checkingOwner');
    if (!isYours) return t('checkout.notYours', { name: nft.tokenName });
    if (record.written) return t('checkout.done', { name: nft.tokenName });
    if (record.entry?.state === 'needs-sign-in') return t('checkout.savedAfterSignIn');
    if (record.entry?.state === 'failed') return t('checkout.recordRefused', { error: record.entry.lastError ?? '' });
    if (record.entry?.lastError) return t('checkout.recordWaiting', { error: record.entry.lastError });
    return t('checkout.saving');
  };

  return (
    <WriteDialog
      busy={running}
      onHide={onHide}
      contentClassName="checkout-dialog"
      titleId="checkout-title"
      title={t('checkout.title')}
      closeLabel={t('checkout.close')}
    >
      <Modal.Body>
        <p>{t('checkout.purchase', { name: nft.tokenName })}</p>
        {refused ? (
          <p className="alert alert-warning small py-2" role="alert">
            {refused}
          </p>
        ) : termsQuery.isError ? (
          <p className="alert alert-danger small py-2" role="alert">
            {t('checkout.termsFailed')}{' '}
            <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => void termsQuery.refetch()}>
              {tx('tryAgain')}
            </Button>
          </p>
        ) : !terms ? (
          <p className="small text-muted-tm">{t('checkout.readingTerms')}</p>
        ) : (
          <>
            <div className="d-flex justify-content-between align-items-start checkout-price">
              <span>{t('checkout.itemPrice')}</span>
              <span className="text-end">
                <ChainPrice terms={terms} cmsPrice={nft.price} />
              </span>
            </div>
            <SaleSplitList terms={terms} />
          </>
        )}
        {mode === 'buy' ? <p className="text-muted-tm small mt-2 mb-0">{t('checkout.saleFee')}</p> : null}
        {running ? <p className="fw-bold mt-3 mb-2">{tx('waiting')}</p> : null}
        <div className="mt-3">
          <ChainActionStatus state={checkout.state} />
        </div>
        {confirmed ? (
          <p
            className={`alert ${ownerAfter.isPending || isYours ? 'alert-success' : 'alert-warning'} small py-2 mb-2`}
            role="status"
          >
            {outcome()}
          </p>
        ) : null}
        {confirmed ? (
          <Button className="btn-main w-100 mt-2" onClick={onHide}>
            {t('checkout.finish')}
          </Button>
        ) : (
          <Button
            className="btn-main w-100 mt-2"
            disabled={!canStart}
            onClick={() => {
              setUsedTerms(terms);
              void checkout.start(terms?.price);
            }}
            aria-describedby="checkout-note"
          >
            {phase === 'failed' || phase === 'rejected' || phase === 'blocked' ? tx('tryAgain') : actionLabel}
          </Button>
        )}
        <p id="checkout-note" className="small mt-3 mb-0">
          {t('checkout.note')}
        </p>
        {error && phase === 'failed' ? <span className="visually-hidden">{error.message}</span> : null}
      </Modal.Body>
    </WriteDialog>
  );
}
