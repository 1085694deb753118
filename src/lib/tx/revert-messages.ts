/**
 * Revert reasons a user can meet, mapped to the key of a message in their words (namespace `tx`,
 * `revertReason.<key>`, EN and IT). The deployed contracts revert with the strings of
 * deployed-system.md §C9 and OpenZeppelin 4's "ERC20: …" / "ERC721: …" strings; the local reference
 * contracts (OpenZeppelin 5) with the matching custom errors. An unknown reason maps to null and
 * is shown as the chain gave it.
 */
type RevertMessageKey =
  'price-zero' | 'asking-price' | 'not-seller' | 'nft-moved' | 'token-allowance' | 'token-balance';

/** Exact reason strings (deployed-system.md §C9.1 marketplace, OpenZeppelin 4.8 ERC-20 / ERC-721). */
const BY_REASON: Record<string, RevertMessageKey> = {
  'Price must be at least 1 wei': 'price-zero',
  'Please submit the asking price in order to complete the purchase': 'asking-price',
  'Not an owner': 'not-seller',
  'ERC721: caller is not token owner or approved': 'nft-moved',
  'ERC721: transfer from incorrect owner': 'nft-moved',
  'ERC721: invalid token ID': 'nft-moved',
  'ERC20: insufficient allowance': 'token-allowance',
  'ERC20: transfer amount exceeds balance': 'token-balance',
};

/** OpenZeppelin 5 custom errors, decoded as `Name(arg, …)` by revert-reason.ts. */
const BY_ERROR: Record<string, RevertMessageKey> = {
  ERC721IncorrectOwner: 'nft-moved',
  ERC721InsufficientApproval: 'nft-moved',
  ERC721NonexistentToken: 'nft-moved',
  ERC20InsufficientAllowance: 'token-allowance',
  ERC20InsufficientBalance: 'token-balance',
};

export function revertMessageKey(reason: string | undefined): RevertMessageKey | null {
  if (!reason) return null;
  const byReason = BY_REASON[reason];
  if (byReason) return byReason;
  const name = /^(\w+)\(/.exec(reason)?.[1];
  return (name && BY_ERROR[name]) || null;
}
