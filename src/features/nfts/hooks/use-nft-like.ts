import { useState } from 'react';
import { useToggleNftLike } from '@/features/nfts/api/toggle-nft-like';
import { getItem, removeItem, setItem } from '@/lib/session/browser-storage';

const likedKey = (id: number) => `terra-mater:nft-liked:${id}`;

function readLiked(id: number): boolean {
  return getItem(likedKey(id)) === '1';
}

/** When storage is refused the toggle lasts for this tab only (browser-storage.ts). */
function writeLiked(id: number, liked: boolean) {
  if (liked) setItem(likedKey(id), '1');
  else removeItem(likedKey(id));
}

/**
 * The heart toggle. The CMS keeps no per-user likes (deployed-system.md §B5.3 #13), so this browser remembers
 * whether it liked the NFT, and the toggle sends displayed likes + 1 or − 1 accordingly.
 */
export function useNftLike(id: number, likes: number) {
  const toggle = useToggleNftLike();
  const [liked, setLiked] = useState(() => readLiked(id));
  const [likedId, setLikedId] = useState(id);
  if (likedId !== id) {
    // Another NFT on the same page instance: read its own remembered state.
    setLikedId(id);
    setLiked(readLiked(id));
  }
  const onToggle = () => {
    if (toggle.isPending) return;
    const next = !liked;
    toggle.mutate(
      { id, likes: next ? likes + 1 : likes - 1 },
      {
        onSuccess: () => {
          writeLiked(id, next);
          setLiked(next);
        },
      },
    );
  };
  return { liked, onToggle, pending: toggle.isPending, failed: toggle.isError };
}
