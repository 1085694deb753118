import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface StakingConfirmation {
  kind: 'stake' | 'unstake';
  /** The pool of a stake (its rate is shown). */
  pid?: number;
  /** "name#tokenId" of every NFT the action moves. */
  names: string[];
  /**
   * What the action does, in the user's words (rewards paid, where the NFTs go), its reward written by the display
   * policy with the exact figure one tap away (`RewardText`).
   */
  detail: ReactNode;
  run: () => void;
}

/**
 * Stake and Unstake ask first (the previous front end sent them straight from the row menu): the dialog names every NFT the
 * transaction moves and says what happens; the wallet is asked only after the confirm button.
 */
export function StakingConfirmDialog({
  confirmation,
  show,
  onClose,
}: {
  /** Kept while the dialog fades out, so its text does not change on the way. */
  confirmation: StakingConfirmation | null;
  show: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('staking');
  const kind = confirmation?.kind ?? 'stake';
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="staking-confirm-title">
      <Modal.Header closeButton closeVariant="white" closeLabel={t('claim.close')}>
        <Modal.Title id="staking-confirm-title" as="h2" className="h5">
          {t(`confirm.${kind}.title`, { count: confirmation?.names.length ?? 1 })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ul className="fw-bold" aria-label={t('confirm.nfts')}>
          {confirmation?.names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
        <p className="mb-0">{confirmation?.detail}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-light" onClick={onClose}>
          {t('claim.cancel')}
        </Button>
        <Button
          className="btn-main"
          onClick={() => {
            onClose();
            confirmation?.run();
          }}
        >
          {t(`confirm.${kind}.button`)}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
