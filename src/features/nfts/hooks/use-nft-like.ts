import { useState } from 'react';
import { useToggleNftLike } from '@/features/nfts/api/toggle-nft-like';

const likedKey = (id: number) => `terra-mater:nft-liked:${id}`;

function readLiked(id: number): boolean {
  try {
    return localStorage.getItem(likedKey(id)) === '1';
  } catch {
    return false;
  }
}

function writeLiked(id: number, liked: boolean) {
  try {
    if (liked) localStorage.setItem(likedKey(id), '1');
    else localStorage.removeItem(likedKey(id));
  } catch {
    // Storage can be unavailable (private mode); the toggle then lasts for this page only.
  }
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
