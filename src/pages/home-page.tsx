import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/page-title';
import { CollectionCarousel } from '@/features/collections/components/collection-carousel';
import { HomeHero } from '@/features/collections/components/home-hero';
import { useComingSoonCollections } from '@/features/collections/api/get-coming-soon-collections';
import { useFeaturedCollections } from '@/features/collections/api/get-featured-collections';
import { useHeroCollection } from '@/features/collections/api/get-hero-collection';
import { Faq } from '@/features/content/components/faq';
import { HomeTiles } from '@/features/content/components/home-tiles';
import { QueryState } from '@/features/content/components/query-state';

export function HomePage() {
  const { t } = useTranslation('home');
  usePageTitle(null);
  // The hero never waits for or fails with its collection: it only decorates the title.
  const hero = useHeroCollection();
  const featured = useFeaturedCollections();
  const comingSoon = useComingSoonCollections();
  return (
    <>
      <HomeHero collection={hero.data} />
      <div className="container home-sections">
        <section aria-labelledby="new-release-title" className="home-section">
          <h2 id="new-release-title" className="section-title">
            {t('newRelease')}
          </h2>
          <QueryState query={featured} skeleton="cards">
            {(collections) => (
              <CollectionCarousel collections={collections} label={t('carouselLabel', { title: t('newRelease') })} />
            )}
          </QueryState>
        </section>
        <section aria-labelledby="coming-soon-title" className="home-section">
          <h2 id="coming-soon-title" className="section-title">
            {t('comingSoon')}
          </h2>
          <QueryState query={comingSoon} skeleton="cards">
            {(collections) => (
              <CollectionCarousel collections={collections} label={t('carouselLabel', { title: t('comingSoon') })} />
            )}
          </QueryState>
        </section>
        <section className="home-section">
          <HomeTiles />
        </section>
        <Faq />
      </div>
    </>
  );
}
