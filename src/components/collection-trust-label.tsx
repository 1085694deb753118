import '@/components/page-header.css';
import '@/components/collection-trust-label.css';
import { useTranslation } from 'react-i18next';
import type { TrustSubject } from '@/lib/trust/imitation';
import { useCollectionTrust } from '@/lib/trust/use-collection-trust';

/**
 * The one place that says whether a collection is verified: the tick (and the word, for screen
 * readers and on hover) only for the operator's own row of a trusted contract (deployed-system.md
 * §C9.5, §C9.6); a visible "Unverified" label for every other collection, with a note when the row copies a
 * verified collection's contract or imitates its name, whatever its CMS row says.
 */
export function CollectionTrustLabel({ collection }: { collection: TrustSubject }) {
  const { t } = useTranslation();
  const trust = useCollectionTrust(collection);
  if (trust.kind === 'verified') {
    return (
      <span className="verified-tick" role="img" aria-label={t('trust.verified')} title={t('trust.verified')}>
        ✔
      </span>
    );
  }
  const note =
    trust.kind === 'imitation'
      ? t('trust.imitationOf', { name: trust.of })
      : trust.kind === 'copy'
        ? trust.of
          ? t('trust.copyOf', { name: trust.of })
          : t('trust.copy')
        : null;
  return (
    <>
      <span className="badge unverified-label" title={t('trust.unverifiedTitle')}>
        {t('trust.unverified')}
      </span>
      {note ? <span className="trust-note">{note}</span> : null}
    </>
  );
}
