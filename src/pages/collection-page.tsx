import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { NotFoundState } from '@/components/not-found-state';
import { usePageTitle } from '@/components/page-title';
import { useCollection } from '@/features/collections/api/get-collection';
import { useCollectionItemCount } from '@/features/collections/api/get-collection-item-count';
import { CollectionHeader } from '@/features/collections/components/collection-header';
import { CollectionMarketStats } from '@/features/collections/components/collection-market-stats';
import { useMarketItems } from '@/features/nfts/api/get-market-items';
import { CollectionNftBrowser } from '@/features/nfts/components/collection-nft-browser';
import { MarketReadNotice } from '@/features/nfts/components/market-read-notice';
import { toAppError } from '@/lib/errors/app-error';
import { parseRouteId } from '@/lib/route-params';

export function CollectionPage() {
  const id = parseRouteId(useParams().collectionId);
  if (id === null) return <NotFoundState />;
  return <CollectionScreen id={id} />;
}

function CollectionScreen({ id }: { id: number }) {
  const { t } = useTranslation('collection');
  const collection = useCollection(id);
  // Phones open on the grid; the stats, market figures and status filter are one tap away (issue 40.3).
  const [detailsOpen, setDetailsOpen] = useState(false);
  const count = useCollectionItemCount(id);
  usePageTitle(collection.data?.name);
  // Read once for the page: the market stats' floor and listed count come from it, and the grid's cards (whose
  // hook shares this query) look their token up in it. `data` is read here, during render, so that React Query
  // re-renders the page when the listings arrive.
  const market = useMarketItems();
  const listings = market.data;
  // The address being viewed, from the router (not the document) so that it is always this page.
  const { pathname } = useLocation();
  const pageUrl = `${window.location.origin}${pathname}`;

  if (collection.isPending) {
    return (
      <div className="container py-5">
        <LoadingSkeleton rows={4} />
      </div>
    );
  }
  if (collection.isError) {
    if (toAppError(collection.error).kind === 'not-found') return <NotFoundState />;
    return (
      <div className="container py-5">
        <ErrorState onRetry={() => void collection.refetch()} />
      </div>
    );
  }
  const contract = collection.data.contractAddress;
  return (
    <>
      <CollectionHeader
        collection={collection.data}
        itemCount={count.data}
        pageUrl={pageUrl}
        detailsOpen={detailsOpen}
      />
      <div className="container py-4">
        <button
          type="button"
          className="btn btn-outline-light btn-sm collection-details-toggle mt-0 mb-3"
          aria-expanded={detailsOpen}
          aria-controls="collection-details collection-market collection-filters"
          onClick={() => setDetailsOpen((open) => !open)}
        >
          {detailsOpen ? t('details.hide') : t('details.show')}
        </button>
        <MarketReadNotice market={market} />
        {/* The grid renders just after the header, whose banner is the page's largest paint. */}
        <AfterFirstPaint fallback={<LoadingSkeleton rows={4} />}>
          <div id="collection-market" className={`collection-collapsible${detailsOpen ? '' : ' is-collapsed'}`}>
            <CollectionMarketStats contract={contract} listings={listings} />
          </div>
          <CollectionNftBrowser collectionId={id} contract={contract} filtersOpen={detailsOpen} />
        </AfterFirstPaint>
      </div>
    </>
  );
}
