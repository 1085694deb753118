import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useWriteDialogClose } from '@/components/write-dialog';
import { getConfig } from '@/config/env';
import { explorerTxUrl } from '@/config/explorer';
import { NATIVE_DECIMALS } from '@/config/tokens';
import { WRONG_NETWORK, type ChainActionState } from '@/lib/tx/use-chain-action';
import { revertMessageKey } from '@/lib/tx/revert-messages';
import { BATCH_NOT_SENT } from '@/lib/tx/batch';
import { shortAddress } from '@/lib/format/address';
import { formatAmount } from '@/lib/format/numbers';

/** A fee in the native currency (POL) reads well with 6 decimals. */
const FEE_PLACES = 6;

/**
 * The network fee estimate shown while the wallet prompt is open (gas estimate × fee per gas);
 * an estimate that failed says so and blocks nothing.
 */
function NetworkFee({ fee }: { fee: bigint | null | undefined }) {
  const { t, i18n } = useTranslation('tx');
  if (fee === undefined) return null;
  const currency = getConfig().nativeCurrency;
  return (
    <span className="d-block fee-note" data-testid="network-fee">
      {fee === null
        ? t('fee.unknown')
        : t('fee.estimate', {
            amount: formatAmount(fee, NATIVE_DECIMALS, { places: FEE_PLACES }, i18n.language),
            currency,
          })}
    </span>
  );
}

/**
 * What a running chain action is doing, in the words of spec and users alike: each step of the
 * plan ("1 of 2 — approve USDT"), which one waits for the wallet and which is pending on chain
 * (with its hash linked to the explorer), then how it ended. Every feature's dialog shows this.
 */
export function ChainActionStatus({ state }: { state: ChainActionState }) {
  const { t } = useTranslation('tx');
  const closeDialog = useWriteDialogClose();
  const chain = getConfig().chainName;
  const { phase, steps, error, problem, keepWaiting } = state;
  const revertText = (reason: string | undefined) => {
    const key = revertMessageKey(reason);
    if (key) return t(`revertReason.${key}`);
    return reason ? t('reverted', { reason }) : t('revertedNoReason');
  };
  const replacedBy = error?.kind === 'replaced' ? error.details.reason : undefined;
  const failedWithHash =
    phase === 'failed' &&
    steps.some((step) => step.state.status === 'failed' && 'hash' in step.state && step.state.hash);

  return (
    <div className="chain-action-status" aria-live="polite">
      {phase === 'connecting' || phase === 'switching-chain' || phase === 'checking' ? (
        <p className="small mb-2">
          {phase !== 'connecting' ? (
            <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
          ) : null}
          {t(`phase.${phase}`, { chain })}
        </p>
      ) : null}
      {steps.length > 0 ? (
        <ol className="list-unstyled small mb-2 chain-action-steps">
          {steps.map((step, index) => {
            const { state: tx } = step;
            // A batch's id (EIP-5792) is the wallet's, not the chain's: no explorer link until its receipt.
            const batchId = 'batch' in tx && tx.batch === true;
            const hash =
              tx.status === 'confirmed' ? tx.receipt.hash : 'hash' in tx && tx.hash && !batchId ? tx.hash : undefined;
            // A step the app refused to hand to the wallet (the look again before it) was never sent.
            const statusKey =
              phase === 'blocked' && tx.status === 'idle'
                ? 'not-sent'
                : tx.status === 'confirmed' && tx.spedUpFrom
                  ? 'sped-up'
                  : tx.status === 'replaced'
                    ? tx.reason
                    : tx.status;
            const active = tx.status === 'awaiting-wallet' || tx.status === 'pending' || tx.status === 'preparing';
            return (
              <li key={`${step.step}-${index}`} className={`chain-action-step is-${tx.status}`}>
                <span className="fw-bold">
                  {step.together
                    ? t('oneConfirmation', {
                        what: step.together
                          .map((write) => t(`what.${write.step}`, { contract: write.contractName }))
                          .join(t('andThen')),
                      })
                    : t('stepOf', {
                        index: index + 1,
                        total: steps.length,
                        what: t(`what.${step.step}`, { contract: step.contractName }),
                      })}
                </span>
                {': '}
                {active ? <Spinner as="span" animation="border" size="sm" className="mx-1" aria-hidden="true" /> : null}
                <span>{t(`status.${statusKey}`)}</span>
                {tx.status === 'awaiting-wallet' ? <NetworkFee fee={tx.fee} /> : null}
                {hash && explorerTxUrl(hash) ? (
                  <>
                    {' · '}
                    <a href={explorerTxUrl(hash) ?? undefined} target="_blank" rel="noreferrer" title={hash}>
                      {t('viewOnExplorer')} ({shortAddress(hash)})
                    </a>
                  </>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {phase === 'blocked' && problem ? (
        <p className="alert alert-warning small py-2 mb-2" role="alert">
          {problem === WRONG_NETWORK ? t('wrongNetwork', { chain }) : problem}
        </p>
      ) : null}
      {keepWaiting ? (
        <p className="small mb-2">
          {t('slow')}{' '}
          <Button
            variant="link"
            size="sm"
            className="p-0 align-baseline"
            onClick={() => {
              keepWaiting();
              closeDialog?.();
            }}
          >
            {t('keepWaiting')}
          </Button>
        </p>
      ) : null}
      {phase === 'rejected' ? <p className="small text-muted-tm mb-2">{t('rejected')}</p> : null}
      {phase === 'failed' && replacedBy === 'cancelled' ? (
        <p className="small text-muted-tm mb-2">{t('cancelledInWallet')}</p>
      ) : phase === 'failed' && replacedBy ? (
        <p className="alert alert-warning small py-2 mb-2" role="alert">
          {t('droppedByNonce')}
        </p>
      ) : phase === 'failed' && error ? (
        <p className="alert alert-danger small py-2 mb-2" role="alert">
          {failedWithHash
            ? t('stillPending')
            : error.details.reason === BATCH_NOT_SENT
              ? t('batchNotSent')
              : error.kind === 'reverted'
                ? revertText(error.details.reason)
                : error.kind === 'network'
                  ? t('network')
                  : t('unknown', { message: error.message })}
        </p>
      ) : null}
    </div>
  );
}
