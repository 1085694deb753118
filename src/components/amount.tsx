import { Fragment, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { USDT_DECIMALS } from '@/config/tokens';
import { displayAmount, withUnit, type AmountKind, type AmountStyle } from '@/lib/format/numbers';

/**
 * An amount as the display policy writes it (docs/amounts.md). Where the policy rounds, the figure is
 * a button: hover shows the exact value (title), a tap, click or Enter opens it beside the figure with
 * the base units, Escape or another tap closes it. A plain toggle, not a positioned popover, so the
 * wallet menu in the header stays light on the first page.
 */
export function Amount({
  value,
  decimals,
  kind,
  unit,
  frame,
  className,
}: {
  value: bigint;
  decimals: number;
  /** The policy's kind of figure, or the decimals the spec fixes for it (the dashboard). */
  kind: AmountKind | AmountStyle;
  /** "USDT", "NAT", "Natura" (after the figure) or "$" (before it). */
  unit?: string;
  /**
   * Writes the figure with its unit where the spec places the unit itself (the dashboard's "NAT 1,234.00"), for the
   * shown and the exact figure alike; instead of `unit`.
   */
  frame?: (figure: string) => string;
  className?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const id = useId();
  const shown = displayAmount(value, decimals, kind, i18n.language);
  const write = (figure: string) => (frame ? frame(figure) : withUnit(figure, unit));
  const text = write(shown.text);
  if (!shown.rounded) {
    return <span className={className ? `amount ${className}` : 'amount'}>{text}</span>;
  }
  const exact = t('amount.exact', { amount: write(shown.exact) });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };
  return (
    <span className={className ? `amount ${className}` : 'amount'}>
      <button
        type="button"
        className="amount-rounded"
        title={exact}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={t('amount.rounded', { amount: text })}
        onClick={(event) => {
          // Inside a clickable row or card the tap only opens the figure.
          event.stopPropagation();
          setOpen((was) => !was);
        }}
        onKeyDown={onKeyDown}
      >
        {text}
      </button>
      {/* Rendered only while open, so the text of a row or message stays the rounded figure. */}
      {open ? (
        <span id={id} className="amount-exact" role="note">
          {' '}
          ({exact}; {t('amount.baseUnits', { units: value.toString() })})
        </span>
      ) : null}
    </span>
  );
}

/**
 * A USDT price (base units) as the policy writes prices, 3 decimals, with the exact figure one tap away: the
 * component form of `formatUsdt`. `unit` "USDT" after the figure, or none where the sentence around it says it.
 */
export function UsdtPrice({ value, unit }: { value: bigint; unit?: 'USDT' }) {
  return <Amount value={value} decimals={USDT_DECIMALS} kind="price" unit={unit} />;
}

/**
 * Stands in a translated text for the place of an <Amount> (private-use characters no language writes): the first
 * amount's place is AMOUNT_SLOT (`amountSlot(0)`), the next ones `amountSlot(1)`, `amountSlot(2)` …
 */
export const amountSlot = (index: number) => String.fromCharCode(0xe000 + index);
export const AMOUNT_SLOT = amountSlot(0);
const ANY_SLOT = /([\uE000-\uE0FF])/;

/**
 * A translated sentence with <Amount>s where the text has their slots: the translation keeps the word order of its
 * language, each amount keeps its exact figure one tap away. `amount` fills AMOUNT_SLOT; `amounts[i]` fills
 * `amountSlot(i)` (a sentence with several figures).
 */
export function TextWithAmount({ text, amount, amounts }: { text: string; amount?: ReactNode; amounts?: ReactNode[] }) {
  const fills = amounts ?? [amount];
  // split with a capturing group: text, slot, text, slot, … text.
  const parts = text.split(ANY_SLOT);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 0 ? (
          <Fragment key={index}>{part}</Fragment>
        ) : (
          <Fragment key={index}>{fills[part.charCodeAt(0) - 0xe000]}</Fragment>
        ),
      )}
    </>
  );
}
