import type { TFunction } from 'i18next';
import type { ChainActionState } from '@/lib/tx/use-chain-action';
import { AppError } from '@/lib/errors/app-error';

/**
 * The revert reasons a swap user can meet (deployed-system.md §C9.4: the swap's own strings and
 * OpenZeppelin 4.8's ERC-20 strings, plus the ERC-6093 errors an OpenZeppelin 5 token uses) →
 * `revert.*` keys of the swap namespace. No raw "ERC20: …" reaches the user.
 */
const REVERTS: readonly (readonly [RegExp, string])[] = [
  [/^Invalid order Id$/, 'invalidOrderId'],
  [/^Unauthorised$/, 'unauthorised'],
  [/^Insufficient Token balance$/, 'tokenBalance'],
  [/^Insufficient User balance$/, 'userBalance'],
  [/^ERC20: insufficient allowance$|^ERC20InsufficientAllowance\(/, 'allowance'],
  [/^ERC20: transfer amount exceeds balance$|^ERC20InsufficientBalance\(/, 'balance'],
  [/^ERC20/, 'token'],
];

/** The user's words for a revert reason of the swap, or undefined for a reason it does not know. */
export function swapRevertMessage(reason: string | undefined, t: TFunction<'swap'>): string | undefined {
  if (!reason) return undefined;
  const key = REVERTS.find(([pattern]) => pattern.test(reason))?.[1];
  return key ? t(`revert.${key}`) : undefined;
}

/** The action's state as a swap dialog shows it: a known revert reason is said in the user's words. */
export function presentSwapState(state: ChainActionState, t: TFunction<'swap'>): ChainActionState {
  const { error } = state;
  if (error?.kind !== 'reverted') return state;
  const message = swapRevertMessage(error.details.reason, t);
  if (!message) return state;
  return { ...state, error: new AppError('reverted', message, { ...error.details, reason: message }) };
}
