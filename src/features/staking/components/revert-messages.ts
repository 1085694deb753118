/**
 * The staking revert strings (ours and Natura's OpenZeppelin 4.8 ones, deployed-system.md §C9.2) in the
 * user's words; null for a reason this page has no words for.
 */
const REVERT_KEYS: Record<string, string> = {
  'ERC20: insufficient allowance': 'revert.poolEmpty',
  'ERC20: transfer amount exceeds balance': 'revert.poolEmpty',
  'Staking: caller is not the staker': 'revert.notStaker',
  'Staking: token is not staked': 'revert.notStaked',
  'Staking: caller is not the token owner': 'revert.notOwner',
  'Staking: staking contract not approved for token': 'revert.notApproved',
  'Staking: invalid pool': 'revert.invalidPool',
};

export function stakingRevertKey(reason: string): string | null {
  return REVERT_KEYS[reason] ?? (reason.startsWith('ERC20:') ? 'revert.token' : null);
}
