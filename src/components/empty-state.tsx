import { useTranslation } from 'react-i18next';

/** The spec's three empty texts, chosen per screen: 'No Items to display', 'No items to display', 'No item to display'. */
export type EmptyVariant = 'itemsCapital' | 'items' | 'item';

export function EmptyState({ variant }: { variant: EmptyVariant }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state text-center py-5" role="status">
      <p className="mb-0">{t(`empty.${variant}`)}</p>
    </div>
  );
}
