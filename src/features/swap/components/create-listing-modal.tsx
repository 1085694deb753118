import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { isBlankOrZero, parseInput, parseOrderAmount } from '@/features/swap/components/amount-input';
import { AmountFieldEcho } from '@/features/swap/components/amount-field-echo';
import { SwapActionModal } from '@/features/swap/components/swap-action-modal';
import { TokenUsd } from '@/features/swap/components/swap-figure';
import { useCreateListing } from '@/features/swap/hooks/use-swap-actions';
import { EXACT_STYLE, PRICE_UNIT, tokenText } from '@/features/swap/components/order-format';
import { PriceCheck, priceHold } from '@/features/swap/components/price-check';
import { StoredPrice } from '@/features/swap/components/stored-price';
import { usePriceReference } from '@/features/swap/hooks/use-price-reference';
import { getConfig } from '@/config/env';
import { useChainSession } from '@/lib/tx/chain-session';
import { getErc20Balance } from '@/lib/chain/contracts/erc20';
import { getCallRunner } from '@/lib/chain/call-runner';
import {
  contractPriceOf,
  feePreview,
  makerTokenA,
  otherToken,
  swapTokenAddress,
  usdtPerNatura,
  type SwapToken,
} from '@/lib/chain/swap-math';
import { queryKeys } from '@/lib/query/keys';

type Intent = 'sell' | 'buy';

/**
 * Create Listing (deployed-system.md §U12.1): Sell Token / Buy Token, Natura / USDT, the price in USDT per Natura
 * whatever is deposited (issue 39; a USDT deposit's contract price, NAT per USDT, is converted here and its stored
 * rate shown), the amount deposited; the account's balance of the token to
 * deposit from the start; "You're offering" = what the maker deposits, "You're getting" = what the
 * maker receives after the fee of deployed-system.md §C9.4, from bigint, with one line saying what the
 * taker pays and where the fee goes; each typed figure and both previews with their "≈ $". Whole-token
 * amounts only. A missing field is named inline (with the spec's "Please fill all the fields"); bad
 * input is named under its field and keeps what was typed; nothing reaches the wallet until the form
 * and the balance check pass.
 */
export function CreateListingModal({ onHide }: { onHide: () => void }) {
  const { t, i18n } = useTranslation('swap');
  const id = useId();
  const session = useChainSession();
  const create = useCreateListing();
  const [intent, setIntent] = useState<Intent>('sell');
  const [picked, setPicked] = useState<SwapToken | ''>('');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [loginNeeded, setLoginNeeded] = useState(false);
  const [priceConfirmed, setPriceConfirmed] = useState(false);
  const reference = usePriceReference();
  const { account } = session;
  const balances = useQuery({
    queryKey: queryKeys.chain.swapBalances(account ?? ''),
    queryFn: async () => {
      if (!account) throw new Error('Balances need a connected account.');
      const { addresses } = getConfig();
      const tokens = { usdt: addresses.usdt, natura: addresses.natura };
      const runner = getCallRunner();
      const [usdt, natura] = await Promise.all([
        getErc20Balance(runner, swapTokenAddress('usdt', tokens), account),
        getErc20Balance(runner, swapTokenAddress('natura', tokens), account),
      ]);
      return { usdt, natura };
    },
    enabled: Boolean(account),
  });

  const tokenA = picked ? makerTokenA(intent, picked) : null;
  const priceToken = tokenA ? otherToken(tokenA) : null;
  // People type USDT per Natura; the contract stores tokenA's own unit.
  const parsedPrice = tokenA && price.trim() ? parseInput(price, 'usdt', t, i18n.language) : null;
  const stored = tokenA && parsedPrice?.value ? contractPriceOf(parsedPrice.value, tokenA) : null;
  const storedPerNatura = stored && tokenA ? usdtPerNatura(tokenA, stored.price) : null;
  const parsedAmount = tokenA && amount.trim() ? parseOrderAmount(amount, tokenA, t, i18n.language) : null;
  const preview =
    tokenA && parsedAmount?.value !== undefined && stored ? feePreview(parsedAmount.value, stored.price, tokenA) : null;
  const show = (value: bigint | undefined, token: SwapToken | null) =>
    value !== undefined && token ? tokenText(value, token, i18n.language) : '';

  const missing = [
    ...(tokenA ? [] : [t('create.token')]),
    ...(isBlankOrZero(price) ? [t('create.missingPrice')] : []),
    ...(isBlankOrZero(amount) ? [t('create.missingAmount')] : []),
  ];
  const submit = () => {
    setTouched(true);
    setLoginNeeded(false);
    if (!tokenA || missing.length > 0) return;
    const priceValue = stored?.price;
    const amountValue = parsedAmount?.value;
    if (priceValue === undefined || amountValue === undefined) return;
    if (priceHold(storedPerNatura, reference, priceConfirmed)) return;
    if (!session.isSignedIn) {
      setLoginNeeded(true);
      return;
    }
    void create.start({ tokenA, amountA: amountValue, price: priceValue, orderType: intent });
  };

  const exact = (value: bigint, token: SwapToken) => tokenText(value, token, i18n.language, EXACT_STYLE);
  const balanceLine = !balances.data
    ? null
    : tokenA
      ? t('create.balance', { amount: exact(balances.data[tokenA], tokenA) })
      : t('create.balances', {
          usdt: exact(balances.data.usdt, 'usdt'),
          natura: exact(balances.data.natura, 'natura'),
        });
  const locked = create.busy || create.state.phase === 'confirmed';
  return (
    <SwapActionModal
      kind="create"
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
          <Form.Control.Feedback type="invalid">{t('create.needToken')}</Form.Control.Feedback>
          {balanceLine ? (
            <Form.Text className="d-block text-light" data-testid="create-balance">
              {balanceLine}
            </Form.Text>
          ) : null}
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-price`}>
          <Form.Label>{t('create.priceLabel', { unit: PRICE_UNIT })}</Form.Label>
          <Form.Control
            inputMode="decimal"
            autoComplete="off"
            value={price}
            placeholder={t('create.pricePlaceholder', { unit: 'USDT' })}
            onChange={(event) => setPrice(event.target.value)}
            isInvalid={Boolean(parsedPrice?.error) || (touched && isBlankOrZero(price))}
          />
          <Form.Control.Feedback type="invalid">{parsedPrice?.error ?? t('create.needPrice')}</Form.Control.Feedback>
          <AmountFieldEcho value={parsedPrice?.value} token={tokenA ? 'usdt' : null} />
          {stored && tokenA === 'usdt' && parsedPrice?.value ? (
            <StoredPrice price={stored.price} typed={parsedPrice.value} exact={stored.exact} />
          ) : null}
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
            isInvalid={Boolean(parsedAmount?.error) || (touched && isBlankOrZero(amount))}
          />
          <Form.Control.Feedback type="invalid">{parsedAmount?.error ?? t('create.needAmount')}</Form.Control.Feedback>
          <AmountFieldEcho value={parsedAmount?.value} token={tokenA} />
        </Form.Group>
        <Form.Group className="mb-2" controlId={`${id}-getting`}>
          <Form.Label>{t('create.getting')}</Form.Label>
          <Form.Control
            readOnly
            value={show(preview?.getting, priceToken)}
            aria-describedby={preview ? `${id}-getting-usd` : undefined}
          />
          {preview && priceToken ? (
            <TokenUsd id={`${id}-getting-usd`} value={preview.getting} token={priceToken} />
          ) : null}
        </Form.Group>
        <Form.Group controlId={`${id}-offering`}>
          <Form.Label>{t('create.offering')}</Form.Label>
          <Form.Control
            readOnly
            value={show(preview?.offering, tokenA)}
            aria-describedby={preview ? `${id}-offering-usd` : undefined}
          />
          {preview && tokenA ? <TokenUsd id={`${id}-offering-usd`} value={preview.offering} token={tokenA} /> : null}
        </Form.Group>
        {preview && tokenA && priceToken ? (
          <p className="small mt-2 mb-0" data-testid="create-preview">
            {t(tokenA === 'natura' ? 'create.previewUsdtFee' : 'create.previewBurn', {
              deposit: exact(preview.offering, tokenA),
              pays: exact(preview.takerPays, priceToken),
              fee: exact(preview.makerFee, priceToken),
              getting: exact(preview.getting, priceToken),
            })}
          </p>
        ) : null}
        {storedPerNatura !== null ? (
          <PriceCheck
            price={storedPerNatura}
            reference={reference}
            confirmed={priceConfirmed}
            onConfirm={setPriceConfirmed}
            attempted={touched}
          />
        ) : null}
      </fieldset>
      {touched && missing.length > 0 ? (
        <p className="alert alert-warning small py-2 mt-3 mb-0" role="alert" data-testid="create-missing">
          {t('create.missing', { fillAll: t('alerts.text.fillAll'), fields: missing.join(', ') })}
        </p>
      ) : null}
      {loginNeeded ? (
        <p className="alert alert-warning small py-2 mt-3 mb-0" role="alert">
          {t('alerts.text.login')}
        </p>
      ) : null}
    </SwapActionModal>
  );
}
