import { useTranslation } from 'react-i18next';
import { useOutboxEntry } from '@/lib/tx/outbox/use-outbox';

/**
 * After a confirmed listing or release: where its CMS record stands (saving, waiting for the
 * CMS, waiting for a sign-in, refused, written). `texts` is the dialog's key prefix.
 */
export function BookkeepingNote({ outboxId, texts, name }: { outboxId?: string; texts: string; name: string }) {
  const { t } = useTranslation('profile');
  const record = useOutboxEntry(outboxId);
  const entry = record.entry;
  const text = record.written
    ? t(`${texts}.done`, { name })
    : entry?.state === 'needs-sign-in'
      ? t(`${texts}.savedAfterSignIn`)
      : entry?.state === 'failed'
        ? t(`${texts}.recordRefused`, { error: entry.lastError ?? '' })
        : entry?.lastError
          ? t(`${texts}.recordWaiting`, { error: entry.lastError })
          : t(`${texts}.saving`);
  return (
    <p className={`alert ${record.written ? 'alert-success' : 'alert-info'} small py-2 mb-2`} role="status">
      {text}
    </p>
  );
}
