import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Labels the CMS stores in English (NFT status options, category names) in the active language.
 * A label the app knows has a key under `common:cms`; any other is shown as the CMS wrote it.
 * Comparisons (status "Mint" means mintable, deployed-system.md §P2.7) keep using the CMS label.
 */
const STATUS_KEYS: Record<string, string> = { mint: 'mint', 'buy now': 'buyNow', sold: 'sold' };
const CATEGORY_KEYS: Record<string, string> = { art: 'art', music: 'music', nature: 'nature', gaming: 'gaming' };

const normalise = (label: string) => label.trim().toLowerCase().replace(/\s+/g, ' ');

export function useCmsLabels() {
  const { t } = useTranslation('common');
  const status = useCallback(
    (label: string) => {
      const key = STATUS_KEYS[normalise(label)];
      return key ? t(`cms.status.${key}`) : label;
    },
    [t],
  );
  const category = useCallback(
    (name: string) => {
      const key = CATEGORY_KEYS[normalise(name)];
      return key ? t(`cms.category.${key}`) : name;
    },
    [t],
  );
  return { status, category };
}
