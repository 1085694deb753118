import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { NotFoundState } from '@/components/not-found-state';
import { PageBanner } from '@/components/page-banner';
import { PlaceholderPanel } from '@/components/placeholder-panel';
import { parseRouteId } from '@/lib/route-params';

export function AuthorPage() {
  const { t } = useTranslation();
  const id = parseRouteId(useParams().authorId);
  if (id === null) return <NotFoundState />;
  return (
    <>
      <PageBanner title={t('pages.author')} />
      <div className="container">
        <PlaceholderPanel />
      </div>
    </>
  );
}
