import { lazy, type ReactNode } from 'react';
import '@/components/page-header.css';
import '@/features/collections/components/collections.css';
import { useTranslation } from 'react-i18next';
import { AfterLeadImage, AppImage } from '@/components/app-image';
import { CollectionTrustLabel } from '@/components/collection-trust-label';
import type { Collection, CollectionSocials } from '@/lib/cms/types';
import { formatMonthYear } from '@/lib/format/dates';
import { formatCompactCount } from '@/lib/format/numbers';
import { safeLink } from '@/lib/trust/safe-url';
import { bannerSources } from './image-sources';

// A globe for the website: a "www" label would be visible text missing from the link's
// accessible name ("Website"), which WCAG 2.5.3 (label in name) does not allow.
const globe = (
  <svg viewBox="0 0 16 16" width="15" height="15" fill="none" stroke="currentColor" strokeWidth="1.4">
    <circle cx="8" cy="8" r="6.5" />
    <ellipse cx="8" cy="8" rx="2.8" ry="6.5" />
    <path d="M1.5 8h13" />
  </svg>
);

const SOCIALS: { key: keyof CollectionSocials; glyph: ReactNode }[] = [
  { key: 'website', glyph: globe },
  { key: 'etherscan', glyph: 'Ξ' },
  { key: 'discord', glyph: 'D' },
  { key: 'twitter', glyph: 'X' },
  { key: 'facebook', glyph: 'f' },
  { key: 'telegram', glyph: '✈' },
];

// The tooltips and the share menu wait for the banner (collection-share-menu.tsx); until then the links work without
// their tooltip and the Share button is shown, disabled, in its place.
const SocialTooltip = lazy(() =>
  import('./collection-share-menu').then((module) => ({ default: module.SocialTooltip })),
);
const ShareMenu = lazy(() => import('./collection-share-menu').then((module) => ({ default: module.ShareMenu })));

/** Share links for the page being viewed; the page URL is encoded once for both networks. */
function shareUrls(pageUrl: string) {
  const encoded = encodeURIComponent(pageUrl);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
    twitter: `https://twitter.com/intent/tweet?url=${encoded}`,
  };
}

export interface CollectionHeaderProps {
  collection: Collection;
  /** Undefined while the count loads or when it failed: the stat then shows a dash. */
  itemCount: number | undefined;
  pageUrl: string;
  /** Below the large breakpoint the stats and description show only when opened (the page's toggle). */
  detailsOpen: boolean;
}

export function CollectionHeader({ collection, itemCount, pageUrl, detailsOpen }: CollectionHeaderProps) {
  const { t, i18n } = useTranslation('collection');
  const share = shareUrls(pageUrl);
  // CMS links are anyone's words (deployed-system.md §B1): only https links, shown with their host.
  const socials = SOCIALS.flatMap(({ key, glyph }) => {
    const link = safeLink(collection.socials[key]);
    return link ? [{ key, glyph, link }] : [];
  });
  const detailLink = safeLink(collection.detailLink);
  // The Share toggle as react-bootstrap draws it, until its menu is there.
  const shareWaiting = (
    <button type="button" className="dropdown-toggle btn btn-outline-light btn-sm" disabled>
      {t('share.label')}
    </button>
  );
  return (
    <header className="collection-header">
      <AppImage
        {...bannerSources(collection)}
        alt={t('bannerAlt', { name: collection.name })}
        className="collection-banner"
        priority
      />
      <div className="container">
        <div className="collection-identity">
          <AppImage
            src={collection.featureImageUrl}
            srcSet={collection.featureImageSrcSet}
            sizes="7rem"
            alt={t('logoAlt', { name: collection.name })}
            className="collection-logo"
            loading="eager"
          />
          <div className="collection-title">
            <h1 className="collection-name">{collection.name}</h1>
            <CollectionTrustLabel collection={collection} />
          </div>
          <div className="collection-actions">
            {socials.length > 0 ? (
              <ul className="collection-socials list-unstyled" aria-label={t('social.label')}>
                {socials.map(({ key, glyph, link }) => {
                  const anchor = (
                    <a href={link.href} target="_blank" rel="noopener noreferrer" className="collection-social-link">
                      <span aria-hidden="true">{glyph}</span>
                      <span className="visually-hidden">{t(`social.${key}`)}: </span>
                      <span className="collection-social-host">{link.host}</span>
                    </a>
                  );
                  return (
                    <li key={key}>
                      <AfterLeadImage fallback={anchor}>
                        <SocialTooltip id={`social-${key}`} label={t(`social.${key}`)}>
                          {anchor}
                        </SocialTooltip>
                      </AfterLeadImage>
                    </li>
                  );
                })}
              </ul>
            ) : null}
            <AfterLeadImage fallback={shareWaiting}>
              <ShareMenu {...share} />
            </AfterLeadImage>
          </div>
        </div>
        <div id="collection-details" className={`collection-collapsible${detailsOpen ? '' : ' is-collapsed'}`}>
          <dl className="collection-stats" aria-label={t('stats.label')}>
            <div>
              <dt>{t('stats.items')}</dt>
              <dd>{itemCount === undefined ? '—' : formatCompactCount(itemCount, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('stats.created')}</dt>
              <dd>{formatMonthYear(collection.publishedAt, i18n.language) || '—'}</dd>
            </div>
            <div>
              <dt>{t('stats.creatorFee')}</dt>
              <dd>7%</dd>
            </div>
            <div>
              <dt>{t('stats.chain')}</dt>
              <dd>{collection.chainName ?? '—'}</dd>
            </div>
          </dl>
          {collection.description || detailLink ? (
            <p className="collection-description">
              {collection.description}{' '}
              {detailLink ? (
                <a href={detailLink.href} target="_blank" rel="noopener noreferrer">
                  {t('findOutMore')} ({detailLink.host})
                </a>
              ) : null}
            </p>
          ) : null}
        </div>
      </div>
    </header>
  );
}
