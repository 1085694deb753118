import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageTitle } from '@/components/page-title';

export function NotFoundState() {
  const { t } = useTranslation();
  usePageTitle(t('errors.notFoundTitle'));
  return (
    <div className="container py-5 text-center" role="alert">
      <h1 className="h3">{t('errors.notFoundTitle')}</h1>
      <p className="text-muted-tm">{t('errors.notFoundBody')}</p>
      <Link className="btn btn-main" to="/home">
        {t('errors.backHome')}
      </Link>
    </div>
  );
}
