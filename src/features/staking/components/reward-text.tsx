import { Amount, AMOUNT_SLOT, TextWithAmount } from '@/components/amount';
import { NATURA_DECIMALS } from '@/config/tokens';

/**
 * A translated sentence with a Natura reward in it, by the display policy (docs/amounts.md: rewards with 2
 * decimals, rounded down) and with the exact figure one tap away. `text` gets the reward's place from
 * `slot`, e.g. `text={(slot) => t('staked.total', { amount: slot })}`.
 */
export function RewardText({ value, text }: { value: bigint; text: (slot: string) => string }) {
  return (
    <TextWithAmount
      text={text(AMOUNT_SLOT)}
      amount={<Amount value={value} decimals={NATURA_DECIMALS} kind="reward" />}
    />
  );
}
