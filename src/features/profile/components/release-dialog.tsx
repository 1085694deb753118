import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ChainActionStatus } from '@/components/chain-action-status';
import { WriteDialog } from '@/components/write-dialog';
import { BookkeepingNote } from '@/features/profile/components/bookkeeping-note';
import { useRelease } from '@/features/profile/hooks/use-release';
import type { Nft } from '@/lib/cms/types';

/** Release from Sale: confirm, `releaseSale` through the shared path, then the record (status 3). */
export default function ReleaseDialog({ nft, onHide }: { nft: Nft; onHide: () => void }) {
  const { t } = useTranslation('profile');
  const { t: tx } = useTranslation('tx');
  const release = useRelease(nft);
  const { phase } = release.state;
  const running = release.busy;
  const confirmed = phase === 'confirmed';

  return (
    <WriteDialog
      busy={running}
      onHide={onHide}
      titleId="release-title"
      title={t('release.title')}
      closeLabel={t('listing.close')}
    >
      <Modal.Body>
        <p>{t('release.confirm', { name: nft.tokenName })}</p>
        {running ? <p className="fw-bold mb-2">{tx('waiting')}</p> : null}
        <ChainActionStatus state={release.state} />
        {confirmed ? (
          <>
            <BookkeepingNote outboxId={release.state.outboxIds[0]} texts="release" name={nft.tokenName} />
            <Button className="btn-main w-100 mt-2" onClick={onHide}>
              {t('release.finish')}
            </Button>
          </>
        ) : (
          <div className="d-flex gap-2 mt-2">
            <Button variant="outline-light" className="flex-grow-1" disabled={running} onClick={onHide}>
              {t('release.cancel')}
            </Button>
            <Button className="btn-main flex-grow-1" disabled={running} onClick={() => void release.start()}>
              {phase === 'failed' || phase === 'rejected' || phase === 'blocked' ? tx('tryAgain') : t('release.submit')}
            </Button>
          </div>
        )}
      </Modal.Body>
    </WriteDialog>
  );
}
