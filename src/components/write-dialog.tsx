import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

export interface WriteDialogProps {
  /** A write is running: the dialog cannot be closed (no close button, backdrop or Escape). */
  busy: boolean;
  /** The id of the element that names the dialog (the title, or a heading in the body). */
  titleId: string;
  /** The header's title; without one the dialog has no header (and no close button). */
  title?: ReactNode;
  closeLabel?: string;
  onHide?: () => void;
  show?: boolean;
  contentClassName?: string;
  /** The dialog's `Modal.Body` (and footer, if any). */
  children: ReactNode;
}

/**
 * The one dialog of every write (checkout, listing, release, avatar, staking, swap): while `busy` it
 * cannot be closed; otherwise the close button, a backdrop click and Escape call `onHide`.
 */
export function WriteDialog({
  busy,
  titleId,
  title,
  closeLabel,
  onHide,
  show = true,
  contentClassName,
  children,
}: WriteDialogProps) {
  return (
    <Modal
      show={show}
      onHide={busy || !onHide ? () => undefined : onHide}
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
      centered
      contentClassName={contentClassName}
      aria-labelledby={titleId}
    >
      {title === undefined ? null : (
        <Modal.Header closeButton={!busy} closeVariant="white" closeLabel={closeLabel}>
          <Modal.Title id={titleId}>{title}</Modal.Title>
        </Modal.Header>
      )}
      {children}
    </Modal>
  );
}
