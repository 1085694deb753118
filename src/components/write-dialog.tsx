import { createContext, useContext, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

/** How a part of the dialog (the "keep waiting in the background" button) closes the dialog it is in. */
const WriteDialogClose = createContext<(() => void) | undefined>(undefined);
export const useWriteDialogClose = () => useContext(WriteDialogClose);

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
 * cannot be closed; otherwise the close button, a backdrop click and Escape call `onHide`. A
 * transaction that takes long offers "Keep waiting in the background" inside it (ChainActionStatus),
 * which ends `busy` and closes the dialog through `onHide`.
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
      <WriteDialogClose.Provider value={onHide}>{children}</WriteDialogClose.Provider>
    </Modal>
  );
}
