import '@/components/page-header.css';
import '@/features/authors/components/authors.css';
import { useMemo, type ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';
import { AppImage } from '@/components/app-image';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { NFT_STATUS, type Author, type Nft } from '@/lib/cms/types';
import { shortAddress } from '@/lib/format/address';
import { formatCompactCount } from '@/lib/format/numbers';
import { safeLink } from '@/lib/trust/safe-url';

export function AuthorHeader({ author }: { author: Author }) {
  const { t, i18n } = useTranslation('author');
  // The social link is the author's own words: shown only as an https link, with its host.
  const social = safeLink(author.social);
  return (
    <header className="author-header">
      <AppImage
        src={author.bannerUrl}
        srcSet={author.bannerSrcSet}
        sizes="100vw"
        alt={t('bannerAlt', { name: author.username })}
        className="collection-banner"
        priority
      />
      <div className="container author-identity">
        <AppImage
          src={author.avatarUrl}
          srcSet={author.avatarSrcSet}
          sizes="7rem"
          alt={t('avatarAlt', { name: author.username })}
          className="collection-logo rounded-circle"
          loading="eager"
        />
        <div className="flex-grow-1">
          <h1 className="collection-name">{author.username}</h1>
          {social ? (
            <p className="mb-1">
              <a href={social.href} target="_blank" rel="noopener noreferrer">
                {social.host}
              </a>
            </p>
          ) : null}
          {author.wallet ? (
            <p className="mb-1">
              <span className="text-muted-tm">{t('wallet')}:</span>{' '}
              <span className="font-monospace" title={author.wallet}>
                {shortAddress(author.wallet)}
              </span>
            </p>
          ) : null}
        </div>
        <div className="text-end">
          <p className="mb-2">
            {t('followers', {
              count: author.followers,
              formatted: formatCompactCount(author.followers, i18n.language),
            })}
          </p>
          {/* The spec shows a Follow button without an action (deployed-system.md §P2.8). */}
          <button type="button" className="btn btn-main">
            {t('follow')}
          </button>
        </div>
      </div>
    </header>
  );
}

interface AuthorNftsQuery {
  data: Nft[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * On Sale (listed: status 2 or on the marketplace), Created (all), Liked (liked ones, most liked first).
 * Each tab's list is drawn by the page (`renderList`), so this feature does not import the NFT feature.
 */
export function AuthorNftTabs({
  query,
  isListed,
  renderList,
}: {
  query: AuthorNftsQuery;
  isListed: (nft: Nft) => boolean;
  renderList: (nfts: Nft[]) => ReactNode;
}) {
  const { t } = useTranslation('author');
  const lists = useMemo(() => {
    const all = query.data ?? [];
    return {
      onSale: all.filter((nft) => nft.status?.id === NFT_STATUS.listed || isListed(nft)),
      created: all,
      liked: all.filter((nft) => nft.likes > 0).sort((a, b) => b.likes - a.likes),
    };
  }, [query.data, isListed]);

  if (query.isPending) return <LoadingSkeleton variant="cards" rows={4} />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  return (
    <Tabs defaultActiveKey="onSale" id="author-tabs" className="mb-4" aria-label={t('tabs.label')}>
      {(['onSale', 'created', 'liked'] as const).map((key) => (
        <Tab key={key} eventKey={key} title={t(`tabs.${key}`)}>
          {renderList(lists[key])}
        </Tab>
      ))}
    </Tabs>
  );
}
