import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { isBlankOrZero, parseInput, parseOrderAmount } from '@/features/swap/components/amount-input';
import { AmountFieldEcho } from '@/features/swap/components/amount-field-echo';
import { SwapActionModal } from '@/features/swap/components/swap-action-modal';
import { useSwapAlert } from '@/features/swap/hooks/use-swap-action';
import { useCreateListing } from '@/features/swap/hooks/use-swap-actions';
import { tokenText } from '@/features/swap/components/order-format';
import { useChainSession } from '@/lib/tx/chain-session';
import { feePreview, makerTokenA, otherToken, type SwapToken } from '@/lib/chain/swap-math';

type Intent = 'sell' | 'buy';

/**
 * Create Listing (deployed-system.md §U12.1): Sell Token / Buy Token, Natura / USDT, price of one
 * deposited token in the other currency, the amount deposited; "You're getting" / "You're
 * offering" from the exact split of deployed-system.md §C9.4 (what the maker and the taker will receive),
 * from bigint. Whole-token amounts only. Bad input is named under its field and keeps what was
 * typed; nothing reaches the wallet until the form and the balance check pass.
 */
export function CreateListingModal({ onHide }: { onHide: () => void }) {
  const { t, i18n } = useTranslation('swap');
  const id = useId();
  const session = useChainSession();
  const alert = useSwapAlert();
  const create = useCreateListing();
  const [intent, setIntent] = useState<Intent>('sell');
  const [picked, setPicked] = useState<SwapToken | ''>('');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);

  const tokenA = picked ? makerTokenA(intent, picked) : null;
  const priceToken = tokenA ? otherToken(tokenA) : null;
  const parsedPrice = priceToken && price.trim() ? parseInput(price, priceToken, t, i18n.language) : null;
  const parsedAmount = tokenA && amount.trim() ? parseOrderAmount(amount, tokenA, t, i18n.language) : null;
  const preview =
    tokenA && parsedAmount?.value !== undefined && parsedPrice?.value !== undefined
      ? feePreview(parsedAmount.value, parsedPrice.value, tokenA)
      : null;
  const show = (value: bigint | undefined, token: SwapToken | null) =>
    value !== undefined && token ? tokenText(value, token, i18n.language) : '';

  const submit = () => {
    setTouched(true);
    if (!tokenA || isBlankOrZero(price) || isBlankOrZero(amount)) {
      void alert({ icon: 'error', title: 'oops', text: 'fillAll' });
      return;
    }
    const priceValue = parsedPrice?.value;
    const amountValue = parsedAmount?.value;
    if (priceValue === undefined || amountValue === undefined) return;
    if (!session.isSignedIn) {
      void alert({ icon: 'warning', text: 'login' });
      return;
    }
    void create.start({ tokenA, amountA: amountValue, price: priceValue, orderType: intent });
  };

  const currency = priceToken ? t(`toolbar.${priceToken}`) : '';
  const locked = create.busy || create.state.phase === 'confirmed';
  return (
    <SwapActionModal
      title={t('create.title')}
      state={create.state}
      busy={create.busy}
      submitLabel={t('create.submit')}
      onSubmit={submit}
      onHide={onHide}
      closeLabel={t('create.close')}
    >
      <fieldset disabled={locked}>
        <legend className="fs-6">{t('create.choose')}</legend>
        <ButtonGroup className="w-100 mb-2">
          {(['sell', 'buy'] as const).map((choice) => (
            <Button
              key={choice}
              variant={intent === choice ? 'light' : 'outline-light'}
              aria-pressed={intent === choice}
              onClick={() => setIntent(choice)}
            >
              {t(choice === 'sell' ? 'create.sellToken' : 'create.buyToken')}
            </Button>
          ))}
        </ButtonGroup>
        <p className="small text-success mb-3">✓ {t('create.feeNote')}</p>
        <p className="fw-bold mb-2">{t(intent === 'sell' ? 'create.wantSell' : 'create.wantBuy')}</p>
        <Form.Group className="mb-3" controlId={`${id}-token`}>
          <Form.Label>{t('create.token')}</Form.Label>
          <Form.Select
            value={picked}
            onChange={(event) => setPicked(event.target.value as SwapToken | '')}
            isInvalid={touched && !picked}
          >
            <option value="">{t('create.selectToken')}</option>
            <option value="natura">{t('toolbar.natura')}</option>
            <option value="usdt">{t('toolbar.usdt')}</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-price`}>
          <Form.Label>{currency ? t('create.priceLabel', { currency }) : t('create.pricePlaceholderAny')}</Form.Label>
          <Form.Control
            inputMode="decimal"
            autoComplete="off"
            value={price}
            placeholder={currency ? t('create.pricePlaceholder', { currency }) : t('create.pricePlaceholderAny')}
            onChange={(event) => setPrice(event.target.value)}
            isInvalid={Boolean(parsedPrice?.error)}
          />
          <Form.Control.Feedback type="invalid">{parsedPrice?.error}</Form.Control.Feedback>
          <AmountFieldEcho value={parsedPrice?.value} token={priceToken} />
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-amount`}>
          <Form.Label>
            {intent === 'sell'
              ? t('create.amountSell')
              : t('create.amountBuy', { currency: tokenA ? t(`toolbar.${tokenA}`) : '' })}
          </Form.Label>
          <Form.Control
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            placeholder={t('create.amountPlaceholder')}
            onChange={(event) => setAmount(event.target.value)}
            isInvalid={Boolean(parsedAmount?.error)}
          />
          <Form.Control.Feedback type="invalid">{parsedAmount?.error}</Form.Control.Feedback>
          <AmountFieldEcho value={parsedAmount?.value} token={tokenA} />
        </Form.Group>
        <Form.Group className="mb-2" controlId={`${id}-getting`}>
          <Form.Label>{t('create.getting')}</Form.Label>
          <Form.Control readOnly value={show(preview?.getting, priceToken)} />
        </Form.Group>
        <Form.Group controlId={`${id}-offering`}>
          <Form.Label>{t('create.offering')}</Form.Label>
          <Form.Control readOnly value={show(preview?.offering, tokenA)} />
        </Form.Group>
      </fieldset>
    </SwapActionModal>
  );
}
