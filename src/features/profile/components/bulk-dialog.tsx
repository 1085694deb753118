import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ChainActionStatus } from '@/components/chain-action-status';
import { WriteDialog } from '@/components/write-dialog';
import { itemOutcomes, useBulk, type ItemOutcome } from '@/features/profile/hooks/use-bulk';
import { checkListingPrice, type ListingPriceProblem } from '@/features/profile/tx/preflight';
import type { Nft } from '@/lib/cms/types';
import { amountExample } from '@/lib/format/amounts';
import type { IndexedNft } from '@/lib/indexer/nft-indexer';

/** What the dialog acts on: wallet NFTs to list, or the user's listings to release. */
export type BulkTarget = { mode: 'list'; nfts: readonly IndexedNft[] } | { mode: 'release'; nfts: readonly Nft[] };

const nameOf = (target: BulkTarget, index: number, untitled: (id: string) => string) => {
  if (target.mode === 'release') return target.nfts[index]?.tokenName ?? '';
  const nft = target.nfts[index];
  return nft ? (nft.name ?? untitled(nft.tokenId.toString())) : '';
};

/**
 * Many at once (issue 40.2): list several wallet NFTs (one price for all, or one each) or release several
 * listings, as one plan through the shared path. Progress reads "n of N" with each NFT's outcome; a decline
 * or failure stops the rest and the dialog says which were done. Each confirmed step's record goes through
 * the outbox as a single listing's or release's does.
 */
export default function BulkDialog({ target, onHide }: { target: BulkTarget; onHide: () => void }) {
  const { t, i18n } = useTranslation('profile');
  const { t: tx } = useTranslation('tx');
  const bulk = useBulk();
  const fieldId = useId();
  const total = target.nfts.length;
  const untitled = (id: string) => t('card.untitled', { id });
  const names = target.nfts.map((_, index) => nameOf(target, index, untitled));
  const [each, setEach] = useState(false);
  const [prices, setPrices] = useState<string[]>(() => target.nfts.map(() => ''));
  const [problems, setProblems] = useState<(ListingPriceProblem | null)[]>(() => target.nfts.map(() => null));
  const { phase } = bulk.state;
  const running = bulk.busy;
  const started = bulk.state.steps.length > 0;
  const outcomes = itemOutcomes(bulk.state, target.mode === 'list' ? 'list' : 'release', total);
  const done = outcomes.filter((outcome) => outcome === 'done').length;
  const stopped = phase === 'rejected' || phase === 'failed' || phase === 'blocked';
  const finished = phase === 'confirmed';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running || finished || (stopped && started)) return;
    if (target.mode === 'release') {
      void bulk.release(target.nfts);
      return;
    }
    const typed = target.nfts.map((_, index) =>
      checkListingPrice((each ? prices[index] : prices[0]) ?? '', i18n.language),
    );
    const found = typed.map((check) => (check.ok ? null : check.problem));
    setProblems(found);
    if (found.some((problem) => problem !== null)) return;
    void bulk.list(target.nfts.map((nft, index) => ({ nft, price: typed[index]?.ok ? typed[index].price : 0n })));
  };

  const priceField = (index: number, label: string) => (
    <Form.Group key={index} controlId={`${fieldId}-price-${index}`} className="mb-2">
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('listing.placeholder')}
        value={prices[index] ?? ''}
        disabled={running || finished}
        isInvalid={problems[index] !== null && problems[index] !== undefined}
        onChange={(event) => {
          const value = event.target.value;
          setPrices((current) => current.map((price, i) => (i === index ? value : price)));
          setProblems((current) => current.map((problem, i) => (i === index ? null : problem)));
        }}
      />
      {problems[index] ? (
        <Form.Control.Feedback type="invalid">
          {t(`listing.invalid.${problems[index]}`, { example: amountExample(i18n.language) })}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );

  const outcomeText = (outcome: ItemOutcome) => t(`bulk.outcome.${outcome}`);
  const doneNames = names.filter((_, index) => outcomes[index] === 'done');

  return (
    <WriteDialog
      busy={running}
      onHide={onHide}
      titleId={`${fieldId}-title`}
      title={t(target.mode === 'list' ? 'bulk.listTitle' : 'bulk.releaseTitle', { count: total })}
      closeLabel={t('listing.close')}
    >
      <Modal.Body>
        <p className="small">{t(target.mode === 'list' ? 'bulk.explain' : 'bulk.releaseExplain')}</p>
        <Form noValidate onSubmit={submit}>
          {target.mode === 'list' ? (
            <>
              <fieldset className="mb-2" disabled={running || finished}>
                <legend className="visually-hidden">{t('listing.price')}</legend>
                <Form.Check
                  inline
                  type="radio"
                  id={`${fieldId}-same`}
                  name={`${fieldId}-mode`}
                  label={t('bulk.samePrice')}
                  checked={!each}
                  onChange={() => setEach(false)}
                />
                <Form.Check
                  inline
                  type="radio"
                  id={`${fieldId}-each`}
                  name={`${fieldId}-mode`}
                  label={t('bulk.eachPrice')}
                  checked={each}
                  onChange={() => setEach(true)}
                />
              </fieldset>
              {each
                ? names.map((name, index) => priceField(index, t('bulk.priceFor', { name })))
                : priceField(0, t('bulk.priceAll'))}
            </>
          ) : null}
          <p className="fw-bold small mb-1 mt-3" role="status" data-testid="bulk-progress">
            {t('bulk.progress', { done, total })}
          </p>
          <ol className="list-unstyled small mb-2 bulk-items" aria-label={t('bulk.progress', { done, total })}>
            {names.map((name, index) => (
              <li key={index} className={`d-flex justify-content-between gap-2 is-${outcomes[index] ?? 'waiting'}`}>
                <span className="text-truncate">{name}</span>
                <span data-testid="bulk-outcome">{outcomeText(outcomes[index] ?? 'waiting')}</span>
              </li>
            ))}
          </ol>
          {running ? <p className="fw-bold mb-2">{tx('waiting')}</p> : null}
          <ChainActionStatus state={bulk.state} />
          {stopped && started ? (
            <p className="alert alert-warning small py-2 mb-2" role="alert" data-testid="bulk-stopped">
              {done > 0
                ? t('bulk.stopped', { done, total, names: doneNames.join(', ') })
                : t('bulk.stoppedNone', { total })}
            </p>
          ) : null}
          {/* A stopped run is over: what was done stays done, the rest is selected again from the tab. */}
          {finished || (stopped && started) ? (
            <Button className="btn-main w-100 mt-2" onClick={onHide}>
              {t('bulk.finish')}
            </Button>
          ) : (
            <Button type="submit" className="btn-main w-100 mt-2" disabled={running}>
              {stopped
                ? tx('tryAgain')
                : t(target.mode === 'list' ? 'bulk.submitList' : 'bulk.submitRelease', { count: total })}
            </Button>
          )}
        </Form>
      </Modal.Body>
    </WriteDialog>
  );
}
