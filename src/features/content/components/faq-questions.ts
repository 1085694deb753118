/** The nine questions of deployed-system.md §U5.1, in order; answers are our own copy. */
export const FAQ_QUESTIONS = [
  'marketplace',
  'nfts',
  'buying',
  'selling',
  'difference',
  'investment',
  'after',
  'theft',
  'staking',
] as const;
