import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { WRONG_NETWORK, type ChainActionState } from '@/lib/tx/use-chain-action';
import { shortAddress } from '@/lib/format/address';

/** The explorer page of a transaction hash. */
export function explorerTxUrl(hash: string): string {
  const base = getConfig().explorerUrl;
  return `${base}${base.endsWith('/') ? '' : '/'}tx/${hash}`;
}

/**
 * What a running chain action is doing, in the words of spec and users alike: each step of the
 * plan ("1 of 2 — approve USDT"), which one waits for the wallet and which is pending on chain
 * (with its hash linked to the explorer), then how it ended. Every feature's dialog shows this.
 */
export function ChainActionStatus({ state }: { state: ChainActionState }) {
  const { t } = useTranslation('tx');
  const chain = getConfig().chainName;
  const { phase, steps, error, problem } = state;
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
            const hash = 'hash' in tx && tx.hash ? tx.hash : tx.status === 'confirmed' ? tx.receipt.hash : undefined;
            const active = tx.status === 'awaiting-wallet' || tx.status === 'pending' || tx.status === 'preparing';
            return (
              <li key={`${step.step}-${index}`} className={`chain-action-step is-${tx.status}`}>
                <span className="fw-bold">
                  {t('stepOf', {
                    index: index + 1,
                    total: steps.length,
                    what: t(`what.${step.step}`, { contract: step.contractName }),
                  })}
                </span>
                {': '}
                {active ? <Spinner as="span" animation="border" size="sm" className="mx-1" aria-hidden="true" /> : null}
                <span>{t(`status.${tx.status}`)}</span>
                {hash ? (
                  <>
                    {' · '}
                    <a href={explorerTxUrl(hash)} target="_blank" rel="noreferrer" title={hash}>
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
      {phase === 'rejected' ? <p className="small text-muted-tm mb-2">{t('rejected')}</p> : null}
      {phase === 'failed' && error ? (
        <p className="alert alert-danger small py-2 mb-2" role="alert">
          {failedWithHash
            ? t('stillPending')
            : error.kind === 'reverted'
              ? error.details.reason
                ? t('reverted', { reason: error.details.reason })
                : t('revertedNoReason')
              : error.kind === 'network'
                ? t('network')
                : t('unknown', { message: error.message })}
        </p>
      ) : null}
    </div>
  );
}
