import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { presentSwapState, swapRevertMessage } from '@/features/swap/components/revert-messages';
import { AppError } from '@/lib/errors/app-error';
import en from '@/locales/en/swap.json';
import it_ from '@/locales/it/swap.json';

/** Every revert reason of deployed-system.md §C9.4 (and the OpenZeppelin 5 errors of a local token) in EN and IT. */
let t: Record<'en' | 'it', TFunction<'swap'>>;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({ resources: { en: { swap: en }, it: { swap: it_ } }, lng: 'en', ns: ['swap'] });
  t = { en: instance.getFixedT('en', 'swap'), it: instance.getFixedT('it', 'swap') };
});

const REASONS = [
  [
    'Invalid order Id',
    'this order does not exist on the swap contract',
    'questo ordine non esiste sul contratto di swap',
  ],
  ['Unauthorised', 'only the account that created this order', "solo l'account che ha creato questo ordine"],
  ['Insufficient Token balance', 'your balance of the listed token is too small', 'il tuo saldo del token in vendita'],
  [
    'Insufficient User balance',
    'your balance is too small to pay for this order',
    'il tuo saldo è insufficiente per pagare',
  ],
  [
    'ERC20: insufficient allowance',
    'the swap contract may not take that much',
    'il contratto di swap non può prelevare',
  ],
  [
    'ERC20InsufficientAllowance(0x1000000000000000000000000000000000000006, 0, 5)',
    'the swap contract may not take that much',
    'il contratto di swap non può prelevare',
  ],
  [
    'ERC20: transfer amount exceeds balance',
    'your token balance is too small',
    'il tuo saldo del token è insufficiente',
  ],
  ['ERC20: approve to the zero address', 'the token refused the transfer', 'il token ha rifiutato il trasferimento'],
] as const;

describe('swap revert reasons in the user’s words', () => {
  it.each(REASONS)('"%s"', (reason, english, italian) => {
    expect(swapRevertMessage(reason, t.en)).toContain(english);
    expect(swapRevertMessage(reason, t.it)).toContain(italian);
    expect(swapRevertMessage(reason, t.en)).not.toMatch(/ERC20/);
  });

  it('leaves unknown reasons to the shared wording', () => {
    expect(swapRevertMessage('Swap: something else', t.en)).toBeUndefined();
    expect(swapRevertMessage(undefined, t.en)).toBeUndefined();
  });

  it('a dialog shows a known revert in words', () => {
    const base = { steps: [], current: 0, outboxIds: [] };
    const reverted = presentSwapState(
      {
        ...base,
        phase: 'failed',
        error: new AppError('reverted', 'x', { reason: 'ERC20: insufficient allowance' }),
      },
      t.en,
    );
    expect(reverted.error?.details.reason).toContain('the swap contract may not take that much');
  });
});
