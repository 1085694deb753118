import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { NotFoundState } from '@/components/not-found-state';
import { usePageTitle } from '@/components/page-title';
import { useAuthor } from '@/features/authors/api/get-author';
import { useAuthorNfts } from '@/features/authors/api/get-author-nfts';
import { AuthorHeader, AuthorNftTabs } from '@/features/authors/components/author-profile';
import { MarketReadNotice } from '@/features/nfts/components/market-read-notice';
import { NftList } from '@/features/nfts/components/nft-list';
import { useCardOffers } from '@/features/nfts/hooks/use-card-offers';
import type { Nft } from '@/lib/cms/types';
import { toAppError } from '@/lib/errors/app-error';
import { parseRouteId } from '@/lib/route-params';

export function AuthorPage() {
  const id = parseRouteId(useParams().authorId);
  if (id === null) return <NotFoundState />;
  return <AuthorScreen id={id} />;
}

function AuthorScreen({ id }: { id: number }) {
  const author = useAuthor(id);
  usePageTitle(author.data?.username);
  const nfts = useAuthorNfts(id, { enabled: author.isSuccess });
  const { market, offerFor } = useCardOffers(nfts.data);
  const isListed = useCallback((nft: Nft) => offerFor(nft).listed, [offerFor]);
  if (author.isPending) {
    return (
      <div className="container py-5">
        <LoadingSkeleton rows={4} />
      </div>
    );
  }
  if (author.isError) {
    if (toAppError(author.error).kind === 'not-found') return <NotFoundState />;
    return (
      <div className="container py-5">
        <ErrorState onRetry={() => void author.refetch()} />
      </div>
    );
  }
  return (
    <>
      <AuthorHeader author={author.data} />
      <div className="container py-4">
        <MarketReadNotice market={market} />
        <AuthorNftTabs
          query={nfts}
          isListed={isListed}
          renderList={(list) => <NftList nfts={list} offerFor={offerFor} empty="items" />}
        />
      </div>
    </>
  );
}
