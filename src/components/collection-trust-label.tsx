import '@/components/page-header.css';
import '@/components/collection-trust-label.css';
import { useTranslation } from 'react-i18next';
import { isTrustedCollection } from '@/lib/trust/trusted-collections';

/**
 * The one place that says whether a collection is verified: the tick (and the word, for screen
 * readers and on hover) only for a contract of the app's trusted list, a visible "Unverified"
 * label for every other collection, whatever its CMS row says (issue 21 §4).
 */
export function CollectionTrustLabel({ contract }: { contract: string | null | undefined }) {
  const { t } = useTranslation();
  if (isTrustedCollection(contract)) {
    return (
      <span className="verified-tick" role="img" aria-label={t('trust.verified')} title={t('trust.verified')}>
        ✔
      </span>
    );
  }
  return (
    <span className="badge unverified-label" title={t('trust.unverifiedTitle')}>
      {t('trust.unverified')}
    </span>
  );
}
