import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppImage } from '@/components/app-image';
import type { Collection } from '@/lib/cms/types';
import { safeImageUrl } from '@/lib/trust/safe-url';
import { bannerSources } from './image-sources';

/**
 * The home hero. It always shows the product's title and tagline; the newest active collection
 * (when there is one) lends its banner as the background and its logo in place of ours. The
 * banner is a real <img> behind the text (the route's LCP image: high priority, found as soon as
 * the collection arrives, not after the CSS), in a box the hero already has.
 */
export function HomeHero({ collection }: { collection: Collection | null | undefined }) {
  const { t } = useTranslation('home');
  const banner = safeImageUrl(collection?.bannerUrl);
  const logo = safeImageUrl(collection?.featureImageUrl) ?? '/img/logo.svg';
  return (
    <section className={`page-banner home-hero${banner ? ' has-backdrop' : ''}`}>
      {banner && collection ? (
        <AppImage {...bannerSources(collection)} alt="" className="home-hero-backdrop" priority />
      ) : null}
      <div className="container">
        <AppImage
          src={logo}
          srcSet={collection?.featureImageSrcSet}
          sizes="96px"
          alt={collection ? t('hero.imageAlt', { name: collection.name }) : ''}
          width={96}
          height={96}
          className="home-hero-logo mb-3"
          loading="eager"
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
