import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { isBlankOrZero, parseInput, parseOrderAmount } from '@/features/swap/components/amount-input';
import { AmountFieldEcho } from '@/features/swap/components/amount-field-echo';
import { SwapActionModal } from '@/features/swap/components/swap-action-modal';
import { useUpdateListing } from '@/features/swap/hooks/use-swap-actions';
import { amountText, EXACT_STYLE, priceText, sideKey } from '@/features/swap/components/order-format';
import { StoredPrice } from '@/features/swap/components/stored-price';
import type { OrderRow } from '@/features/swap/hooks/orders';
import { contractPriceOf } from '@/lib/chain/swap-math';

/**
 * Edit Listing (deployed-system.md §U12.2): a new price (USDT per Natura, converted like create's) and/or quantity; blank or zero keeps the current
 * value. Whole-token quantities only. A larger quantity first approves exactly the difference; a
 * smaller one approves nothing.
 */
export function EditListingModal({ order, onHide }: { order: OrderRow; onHide: () => void }) {
  const { t, i18n } = useTranslation('swap');
  const id = useId();
  const update = useUpdateListing();
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const parsedPrice = isBlankOrZero(price) ? null : parseInput(price, 'usdt', t, i18n.language);
  const stored = parsedPrice?.value ? contractPriceOf(parsedPrice.value, order.token) : null;
  const parsedQuantity = isBlankOrZero(quantity) ? null : parseOrderAmount(quantity, order.token, t, i18n.language);

  const submit = () => {
    if (parsedPrice?.error || parsedQuantity?.error) return;
    void update.start(order, parsedQuantity?.value ?? order.amountA, stored?.price ?? order.price);
  };

  return (
    <SwapActionModal
      kind="update"
      title={t('edit.title')}
      state={update.state}
      busy={update.busy}
      submitLabel={t('edit.submit')}
      onSubmit={submit}
      onHide={onHide}
      closeLabel={t('edit.close')}
    >
      <p className="mb-3" data-testid="edit-current">
        {t('edit.current', {
          kind: t(sideKey(order)),
          price: priceText(order, i18n.language, EXACT_STYLE),
          amount: amountText(order, i18n.language, EXACT_STYLE),
        })}
      </p>
      <fieldset disabled={update.busy || update.state.phase === 'confirmed'}>
        <Form.Group className="mb-3" controlId={`${id}-price`}>
          <Form.Label>{t('edit.price')}</Form.Label>
          <Form.Control
            inputMode="decimal"
            autoComplete="off"
            value={price}
            placeholder={priceText(order, i18n.language, EXACT_STYLE)}
            onChange={(event) => setPrice(event.target.value)}
            isInvalid={Boolean(parsedPrice?.error)}
          />
          <Form.Control.Feedback type="invalid">{parsedPrice?.error}</Form.Control.Feedback>
          <AmountFieldEcho value={parsedPrice?.value} token="usdt" />
          {stored && order.token === 'usdt' && parsedPrice?.value ? (
            <StoredPrice price={stored.price} typed={parsedPrice.value} exact={stored.exact} />
          ) : null}
        </Form.Group>
        <Form.Group className="mb-2" controlId={`${id}-quantity`}>
          <Form.Label>{t('edit.quantity')}</Form.Label>
          <Form.Control
            inputMode="decimal"
            autoComplete="off"
            value={quantity}
            placeholder={amountText(order, i18n.language, EXACT_STYLE)}
            onChange={(event) => setQuantity(event.target.value)}
            isInvalid={Boolean(parsedQuantity?.error)}
          />
          <Form.Control.Feedback type="invalid">{parsedQuantity?.error}</Form.Control.Feedback>
          <AmountFieldEcho value={parsedQuantity?.value} token={order.token} />
        </Form.Group>
        <p className="small text-muted-tm mb-0">{t('edit.keep')}</p>
      </fieldset>
    </SwapActionModal>
  );
}
