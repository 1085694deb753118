import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { AmountEcho } from '@/components/amount-echo';
import { ApproxUsd } from '@/components/approx-usd';
import { ChainActionStatus } from '@/components/chain-action-status';
import { WriteDialog } from '@/components/write-dialog';
import { BookkeepingNote } from '@/features/profile/components/bookkeeping-note';
import { checkListingPrice, type ListingPriceProblem } from '@/features/profile/tx/preflight';
import { useListing } from '@/features/profile/hooks/use-listing';
import { useSaleProceeds } from '@/features/profile/hooks/use-sale-proceeds';
import { amountExample } from '@/lib/format/amounts';
import { USDT_DECIMALS } from '@/config/tokens';
import { formatAmount } from '@/lib/format/numbers';
import type { IndexedNft } from '@/lib/indexer/nft-indexer';

/**
 * What a sale at the typed price pays out (deployed-system.md §C9.1), read on chain: the collection's
 * royalty, the 5 % marketplace fee on the rest, and the seller's part, each to the base unit.
 */
function SaleProceeds({ nft, price }: { nft: IndexedNft; price: bigint | null }) {
  const { t, i18n } = useTranslation('profile');
  const proceeds = useSaleProceeds(nft.contract, nft.tokenId, price);
  if (price === null) return null;
  const usdt = (value: bigint) => formatAmount(value, USDT_DECIMALS, { places: 'exact' }, i18n.language);
  return (
    <section className="small mb-3" aria-live="polite" aria-label={t('listing.proceeds.title', { price: usdt(price) })}>
      <p className="fw-bold mb-1">{t('listing.proceeds.title', { price: usdt(price) })}</p>
      {proceeds.isPending ? <p className="mb-0 text-muted-tm">{t('listing.proceeds.checking')}</p> : null}
      {proceeds.isError ? <p className="mb-0 text-warning">{t('listing.proceeds.unavailable')}</p> : null}
      {proceeds.data ? (
        <dl className="row mb-0">
          <dt className="col-8 fw-normal">{t('listing.proceeds.royalty')}</dt>
          <dd className="col-4 text-end mb-0">USDT {usdt(proceeds.data.royalty)}</dd>
          <dt className="col-8 fw-normal">{t('listing.proceeds.fee')}</dt>
          <dd className="col-4 text-end mb-0">USDT {usdt(proceeds.data.fee)}</dd>
          <dt className="col-8">{t('listing.proceeds.seller')}</dt>
          <dd className="col-4 text-end mb-0 fw-bold">USDT {usdt(proceeds.data.seller)}</dd>
        </dl>
      ) : null}
      {proceeds.data ? <ApproxUsd usdt={proceeds.data.seller} className="d-block text-end approx-usd" /> : null}
    </section>
  );
}

/**
 * "Listing your NFT" (deployed-system.md §P2.9): the price, the two-transaction
 * explanation (saying the approval is skipped when already given, as the plan does), List NFT. An empty price
 * says what is missing (the previous front end did nothing, §P5) and a price that is not a positive USDT amount with at
 * most 6 decimals is explained; neither reaches the wallet. While a
 * transaction runs the dialog says 'Waiting for Transaction...' and cannot be closed.
 */
export default function ListingDialog({ nft, onHide }: { nft: IndexedNft; onHide: () => void }) {
  const { t, i18n } = useTranslation('profile');
  const { t: tx } = useTranslation('tx');
  const listing = useListing(nft);
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<ListingPriceProblem | null>(null);
  const { phase } = listing.state;
  const running = listing.busy;
  const confirmed = phase === 'confirmed';
  const name = nft.name ?? t('card.untitled', { id: nft.tokenId.toString() });
  const fieldId = useId();
  const typed = checkListingPrice(price, i18n.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running || confirmed) return;
    const check = checkListingPrice(price, i18n.language);
    if (!check.ok) {
      setProblem(check.problem);
      return;
    }
    setProblem(null);
    void listing.start(check.price);
  };

  return (
    <WriteDialog
      busy={running}
      onHide={onHide}
      titleId={`${fieldId}-title`}
      title={t('listing.title')}
      closeLabel={t('listing.close')}
    >
      <Modal.Body>
        <p className="fw-bold mb-2">
          {nft.collectionName ? t('listing.what', { name, collection: nft.collectionName }) : name}
        </p>
        <p className="small">{t('listing.explain')}</p>
        <Form noValidate onSubmit={submit}>
          <Form.Group controlId={fieldId} className="mb-3">
            <Form.Label>{t('listing.price')}</Form.Label>
            <Form.Control
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('listing.placeholder')}
              value={price}
              disabled={running || confirmed}
              isInvalid={problem !== null}
              aria-describedby={`${fieldId}-echo ${fieldId}-note`}
              onChange={(event) => {
                setPrice(event.target.value);
                setProblem(null);
              }}
            />
            {problem ? (
              <Form.Control.Feedback type="invalid">
                {t(`listing.invalid.${problem}`, { example: amountExample(i18n.language) })}
              </Form.Control.Feedback>
            ) : null}
            <AmountEcho
              id={`${fieldId}-echo`}
              value={typed.ok ? typed.price : null}
              decimals={USDT_DECIMALS}
              places={3}
              unit="USDT"
            />
          </Form.Group>
          <SaleProceeds nft={nft} price={typed.ok ? typed.price : null} />
          {running ? <p className="fw-bold mb-2">{tx('waiting')}</p> : null}
          <ChainActionStatus state={listing.state} />
          {confirmed ? <BookkeepingNote outboxId={listing.state.outboxIds[0]} texts="listing" name={name} /> : null}
          {confirmed ? (
            <Button className="btn-main w-100 mt-2" onClick={onHide}>
              {t('listing.finish')}
            </Button>
          ) : (
            <Button type="submit" className="btn-main w-100 mt-2" disabled={running}>
              {phase === 'failed' || phase === 'rejected' || phase === 'blocked' ? tx('tryAgain') : t('listing.submit')}
            </Button>
          )}
          <p id={`${fieldId}-note`} className="small mt-3 mb-0">
            {t('listing.note')}
          </p>
        </Form>
      </Modal.Body>
    </WriteDialog>
  );
}
