import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function HomePage() {
  const { t } = useTranslation('home');
  return (
    <section className="page-banner home-hero">
      <div className="container">
        <img src="/img/logo.svg" alt="" width={96} height={96} className="mb-3" />
        <h1 className="page-title text-uppercase">{t('hero.title')}</h1>
        <p className="page-subtitle">{t('hero.tagline')}</p>
        <Link to="/about" className="btn btn-main mt-3">
          {t('hero.more')}
        </Link>
      </div>
    </section>
  );
}
