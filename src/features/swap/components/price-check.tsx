import Form from 'react-bootstrap/Form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EXACT_STYLE, perNaturaText } from '@/features/swap/components/order-format';
import type { PriceReference } from '@/features/swap/hooks/use-price-reference';
import { isFarFromReference, priceDeviationBps } from '@/lib/chain/swap-math';
import { formatAmount } from '@/lib/format/numbers';

/** Whether `price` (USDT per Natura) needs the second confirmation against `reference`. */
/**
 * Whether the dialog's button may not send yet: the price is far from the reference and not confirmed, or the
 * reference is still being read (undefined).
 */
export function priceHold(
  price: bigint | null,
  reference: PriceReference | null | undefined,
  confirmed: boolean,
): boolean {
  if (price === null || reference === null) return false;
  if (reference === undefined) return true;
  return isFarFromReference(price, reference.usdtPerNatura) && !confirmed;
}

/**
 * The price check before money leaves (issue 39): the effective price per Natura, how far it is from the reference
 * (last trade, or Natura's reserve value labelled as such), and past 20 % a checkbox that must be ticked before the
 * dialog's button sends anything to the wallet.
 */
export function PriceCheck({
  price,
  reference,
  confirmed,
  onConfirm,
  attempted,
}: {
  price: bigint;
  reference: PriceReference | null | undefined;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  /** The button was pressed without the confirmation: the box is pointed at. */
  attempted: boolean;
}) {
  const { t, i18n } = useTranslation('swap');
  const id = useId();
  const language = i18n.language;
  const effective = perNaturaText(price, language, EXACT_STYLE);
  if (reference === undefined) {
    return (
      <p className="small mt-2 mb-0" data-testid="price-check">
        {t('priceCheck.effective', { price: effective })} {t('priceCheck.reading')}
      </p>
    );
  }
  if (!reference) {
    return (
      <p className="small mt-2 mb-0" data-testid="price-check" data-far="false">
        {t('priceCheck.effective', { price: effective })} {t('priceCheck.noReference')}
      </p>
    );
  }
  const bps = priceDeviationBps(price, reference.usdtPerNatura) ?? 0n;
  const magnitude = bps < 0n ? -bps : bps;
  const percent = formatAmount(magnitude, 2, { places: 1 }, language);
  const direction = bps === 0n ? 'same' : bps > 0n ? 'above' : 'below';
  const compare = t(`priceCheck.${direction}`, {
    percent,
    reference: t(`priceCheck.${reference.kind}`),
    value: perNaturaText(reference.usdtPerNatura, language, EXACT_STYLE),
  });
  const far = isFarFromReference(price, reference.usdtPerNatura);
  return (
    <div className="mt-2" data-testid="price-check" data-far={far ? 'true' : 'false'}>
      <p className="small mb-1">
        {t('priceCheck.effective', { price: effective })} {compare}
      </p>
      {far ? (
        <div className="alert alert-warning small py-2 mb-0" role="alert">
          <p className="mb-2">{t('priceCheck.far', { percent, direction: t(`priceCheck.word.${direction}`) })}</p>
          <Form.Check
            id={`${id}-confirm`}
            type="checkbox"
            checked={confirmed}
            onChange={(event) => onConfirm(event.target.checked)}
            isInvalid={attempted && !confirmed}
            label={t('priceCheck.confirm', { percent, direction: t(`priceCheck.word.${direction}`) })}
          />
        </div>
      ) : null}
    </div>
  );
}
