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
import type { LiveListing } from '@/features/profile/tx/actions';
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
  // A preview of money paid: every unit, grouped in the language, the unit after the figure (docs/amounts.md).
  const usdt = (value: bigint) =>
    formatAmount(value, USDT_DECIMALS, { places: 'exact', grouping: true }, i18n.language);
  return (
    <section className="small mb-3" aria-live="polite" aria-label={t('listing.proceeds.title', { price: usdt(price) })}>
      <p className="fw-bold mb-1">{t('listing.proceeds.title', { price: usdt(price) })}</p>
      {proceeds.isPending ? <p className="mb-0 text-muted-tm">{t('listing.proceeds.checking')}</p> : null}
      {proceeds.isError ? <p className="mb-0 text-warning">{t('listing.proceeds.unavailable')}</p> : null}
      {proceeds.data ? (
        <dl className="row mb-0">
          <dt className="col-8 fw-normal">{t('listing.proceeds.royalty')}</dt>
          <dd className="col-4 text-end mb-0">{usdt(proceeds.data.royalty)} USDT</dd>
          <dt className="col-8 fw-normal">{t('listing.proceeds.fee')}</dt>
          <dd className="col-4 text-end mb-0">{usdt(proceeds.data.fee)} USDT</dd>
          <dt className="col-8">{t('listing.proceeds.seller')}</dt>
          <dd className="col-4 text-end mb-0 fw-bold">{usdt(proceeds.data.seller)} USDT</dd>
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
export default function ListingDialog({
  nft,
  onHide,
  replacing,
}: {
  nft: IndexedNft;
  onHide: () => void;
  /** The seller's live listing of this NFT: the dialog changes its price (release, then list, one plan). */
  replacing?: LiveListing;
}) {
  const { t, i18n } = useTranslation('profile');
  const { t: tx } = useTranslation('tx');
  const listing = useListing(nft, replacing);
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<ListingPriceProblem | null>(null);
  const { phase } = listing.state;
  const running = listing.busy;
  const confirmed = phase === 'confirmed';
  const name = nft.name ?? t('card.untitled', { id: nft.tokenId.toString() });
  const fieldId = useId();
  const typed = checkListingPrice(price, i18n.language);
  // A change of price that stopped after its release was mined: the NFT is in the wallet, not for sale.
  const releasedOnly =
    replacing !== undefined &&
    (phase === 'failed' || phase === 'rejected' || phase === 'blocked') &&
    listing.state.steps[0]?.state.status === 'confirmed';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running || confirmed) return;
    const check = checkListingPrice(price, i18n.language);
    if (!check.ok) {
      setProblem(check.problem);
      return;
    }
    setProblem(null);
    // After a change of price stopped past its release, Try again lists the NFT (no listing is left to release).
    void listing.start(check.price, releasedOnly);
  };

  return (
    <WriteDialog
      busy={running}
      onHide={onHide}
      titleId={`${fieldId}-title`}
      title={replacing ? t('changePrice.title') : t('listing.title')}
      closeLabel={t('listing.close')}
    >
      <Modal.Body>
        <p className="fw-bold mb-2">
          {nft.collectionName ? t('listing.what', { name, collection: nft.collectionName }) : name}
        </p>
        <p className="small">{replacing ? t('changePrice.explain') : t('listing.explain')}</p>
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
          {releasedOnly ? (
            <p className="alert alert-warning small py-2 mb-2" role="alert" data-testid="change-price-released">
              {t('changePrice.releasedOnly', { name })}
            </p>
          ) : null}
          {confirmed ? <BookkeepingNote outboxId={listing.state.outboxIds.at(-1)} texts="listing" name={name} /> : null}
          {confirmed ? (
            <Button className="btn-main w-100 mt-2" onClick={onHide}>
              {t('listing.finish')}
            </Button>
          ) : (
            <Button type="submit" className="btn-main w-100 mt-2" disabled={running}>
              {phase === 'failed' || phase === 'rejected' || phase === 'blocked'
                ? tx('tryAgain')
                : replacing
                  ? t('changePrice.submit')
                  : t('listing.submit')}
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
