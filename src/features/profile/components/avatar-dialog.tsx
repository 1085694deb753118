import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { WriteDialog } from '@/components/write-dialog';
import {
  AVATAR_UNAVAILABLE,
  avatarFileProblem,
  isAvatarLookupRefused,
  useSaveUserAvatar,
  type AvatarFileProblem,
} from '@/features/profile/api/save-user-avatar';
import type { UserAvatar } from '@/lib/cms/types';
import { toAppError } from '@/lib/errors/app-error';

const ACCEPT = '.jpg,.jpeg,.gif,.png,image/jpeg,image/png,image/gif';

/**
 * "Upload Image" (deployed-system.md §P2.9, §P4.9): one required jpg / jpeg / gif / png file of
 * at most 5 MB, checked before anything is sent; a spinner while it uploads; replacing deletes
 * the old file first. Closes once the new image is saved (the avatar refreshes in place). When
 * the avatar lookup failed (`lookupError`) nothing can be uploaded safely: the dialog says why —
 * "not available on this server" when the CMS refuses it (deployed-system.md §B7.2) — and offers no upload.
 */
export default function AvatarDialog({
  userId,
  current,
  lookupError = null,
  onHide,
}: {
  userId: number;
  current: UserAvatar | null;
  lookupError?: unknown;
  onHide: () => void;
}) {
  const { t } = useTranslation('profile');
  const save = useSaveUserAvatar();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<AvatarFileProblem | 'required' | null>(null);
  const fieldId = useId();
  const [checking, setChecking] = useState(false);
  const uploading = save.isPending || checking;
  const blocked = lookupError !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading || blocked) return;
    if (!file) {
      setProblem('required');
      return;
    }
    setChecking(true);
    const found = await avatarFileProblem(file).finally(() => setChecking(false));
    setProblem(found);
    if (found) return;
    save.mutate({ userId, file, current }, { onSuccess: onHide });
  };

  const unavailable =
    (blocked && isAvatarLookupRefused(lookupError)) ||
    (save.isError && toAppError(save.error).details.reason === AVATAR_UNAVAILABLE);
  const failure = unavailable
    ? t('avatar.unavailable')
    : blocked
      ? t('avatar.lookupFailed', { error: toAppError(lookupError).message })
      : save.isError
        ? t('avatar.failed', { error: toAppError(save.error).message })
        : null;

  const message =
    problem === 'size' && file
      ? t('avatar.size', { size: (file.size / (1024 * 1024)).toFixed(1) })
      : problem
        ? t(`avatar.${problem}`)
        : null;

  return (
    <WriteDialog
      busy={uploading}
      onHide={onHide}
      titleId={`${fieldId}-title`}
      title={t('avatar.title')}
      closeLabel={t('avatar.close')}
    >
      <Modal.Body>
        <Form noValidate onSubmit={(event) => void submit(event)}>
          <Form.Group controlId={fieldId} className="mb-3">
            <Form.Label>{t('avatar.field')}</Form.Label>
            <Form.Control
              type="file"
              accept={ACCEPT}
              required
              disabled={uploading || blocked}
              isInvalid={message !== null}
              aria-describedby={`${fieldId}-hint`}
              onChange={(event) => {
                const input = event.target as HTMLInputElement;
                setFile(input.files?.[0] ?? null);
                setProblem(null);
                save.reset();
              }}
            />
            <Form.Text id={`${fieldId}-hint`} className="text-muted-tm">
              {t('avatar.hint')}
            </Form.Text>
            {message ? <Form.Control.Feedback type="invalid">{message}</Form.Control.Feedback> : null}
          </Form.Group>
          {failure ? (
            <p className="alert alert-danger small py-2" role="alert">
              {failure}
            </p>
          ) : null}
          <Button type="submit" className="btn-main w-100" disabled={uploading || blocked}>
            {uploading ? (
              <>
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                {t('avatar.uploading')}
              </>
            ) : (
              t('avatar.upload')
            )}
          </Button>
        </Form>
      </Modal.Body>
    </WriteDialog>
  );
}
