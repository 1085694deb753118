import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Collection } from '@/lib/cms/types';
import { safeImageUrl } from '@/lib/trust/safe-url';

/**
 * The home hero. It always shows the product's title and tagline; the newest active collection
 * (when there is one) lends its banner as the background and its logo in place of ours.
 */
export function HomeHero({ collection }: { collection: Collection | null | undefined }) {
  const { t } = useTranslation('home');
  const banner = safeImageUrl(collection?.bannerUrl);
  const logo = safeImageUrl(collection?.featureImageUrl) ?? '/img/logo.svg';
  return (
    <section
      className="page-banner home-hero"
      style={
        banner
          ? { backgroundImage: `linear-gradient(rgba(22,22,26,.7), rgba(22,22,26,.9)), url("${banner}")` }
          : undefined
      }
    >
      <div className="container">
        <img
          src={logo}
          alt={collection ? t('hero.imageAlt', { name: collection.name }) : ''}
          width={96}
          height={96}
          className="home-hero-logo mb-3"
        />
        <h1 className="page-title text-uppercase">{t('hero.title')}</h1>
        <p className="page-subtitle">{t('hero.tagline')}</p>
        <Link to="/about" className="btn btn-main mt-3">
          {t('hero.more')}
        </Link>
      </div>
    </section>
  );
}
