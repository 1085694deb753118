/**
 * A write's dialog while its transaction is pending (deployed-system.md §C5.0): it cannot be closed, until
 * the action offers "Keep waiting in the background", which hands the transaction to the watcher
 * and closes the dialog. And how a transaction replaced by nonce reads in the dialog.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TransactionReceipt } from 'ethers';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { ChainActionStatus } from '@/components/chain-action-status';
import { WriteDialog } from '@/components/write-dialog';
import { AppError } from '@/lib/errors/app-error';
import { initI18n, type Language } from '@/lib/i18n/i18n';
import type { ChainActionState } from '@/lib/tx/use-chain-action';

const HASH = `0x${'ab'.repeat(32)}`;
const REPLACEMENT = `0x${'cd'.repeat(32)}`;

const pending: ChainActionState = {
  phase: 'running',
  current: 0,
  outboxIds: [],
  steps: [{ step: 'list', contractName: 'Marketplace', state: { status: 'pending', step: 'list', hash: HASH } }],
};

async function renderDialog(state: ChainActionState, onHide = vi.fn(), language: Language = 'en') {
  const i18n = initI18n(language);
  await i18n.loadNamespaces('tx');
  render(
    <I18nextProvider i18n={i18n}>
      <WriteDialog busy={state.phase === 'running'} titleId="t" title="Listing your NFT" onHide={onHide}>
        <ChainActionStatus state={state} />
      </WriteDialog>
    </I18nextProvider>,
  );
  return onHide;
}

describe('keep waiting in the background', () => {
  it('is not offered while the transaction has not waited long: the dialog has no way out', async () => {
    await renderDialog(pending);
    expect(await screen.findByText('Pending on chain')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep waiting in the background' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('once offered, hands the transaction over and closes the dialog', async () => {
    const keepWaiting = vi.fn();
    const onHide = await renderDialog({ ...pending, keepWaiting });
    expect(await screen.findByText('This transaction is taking longer than usual to be mined.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep waiting in the background' }));
    expect(keepWaiting).toHaveBeenCalledTimes(1);
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('speaks Italian too', async () => {
    await renderDialog({ ...pending, keepWaiting: vi.fn() }, vi.fn(), 'it');
    expect(await screen.findByRole('button', { name: 'Continua ad attendere in background' })).toBeInTheDocument();
  });
});

describe('a transaction replaced by nonce, in the dialog', () => {
  it('sped up in the wallet: Replaced — confirmed, linked to the replacement', async () => {
    const receipt = { hash: REPLACEMENT, status: 1 } as unknown as TransactionReceipt;
    await renderDialog({
      ...pending,
      phase: 'confirmed',
      receipt,
      steps: [
        {
          step: 'list',
          contractName: 'Marketplace',
          state: { status: 'confirmed', step: 'list', receipt, spedUpFrom: HASH },
        },
      ],
    });
    expect(await screen.findByText('Replaced (sped up in the wallet) — confirmed')).toBeInTheDocument();
  });

  it('cancelled in the wallet: says nothing was done, not an error', async () => {
    await renderDialog({
      ...pending,
      phase: 'failed',
      error: new AppError('replaced', 'cancelled', { reason: 'cancelled' }),
      steps: [
        {
          step: 'list',
          contractName: 'Marketplace',
          state: { status: 'replaced', step: 'list', hash: HASH, replacement: REPLACEMENT, reason: 'cancelled' },
        },
      ],
    });
    expect(await screen.findByText('Cancelled in the wallet')).toBeInTheDocument();
    expect(screen.getByText(/^Cancelled in the wallet: a cancellation took/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('dropped for an unrelated transaction of the same nonce: a warning', async () => {
    await renderDialog({
      ...pending,
      phase: 'failed',
      error: new AppError('replaced', 'dropped', { reason: 'replaced' }),
      steps: [
        {
          step: 'list',
          contractName: 'Marketplace',
          state: { status: 'replaced', step: 'list', hash: HASH, replacement: REPLACEMENT, reason: 'replaced' },
        },
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Dropped: another transaction from your account/);
  });
});
