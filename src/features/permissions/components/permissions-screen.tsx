import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Amount, AMOUNT_SLOT, TextWithAmount } from '@/components/amount';
import { ChainActionStatus } from '@/components/chain-action-status';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import type { Address } from '@/config/env';
import { permissionKey, usePermissions, type Party, type Permission } from '@/features/permissions/api/get-permissions';
import { revokeFlow } from '@/features/permissions/tx/flow';
import { planRevoke } from '@/features/permissions/tx/plan';
import { noCheck, useChainAction } from '@/lib/tx/use-chain-action';
import { shortAddress } from '@/lib/format/address';
import { displayAmount, type AmountKind } from '@/lib/format/numbers';
import { queryKeys } from '@/lib/query/keys';
import '@/features/permissions/components/permissions.css';

/** At or above this an allowance is "unlimited" (wallets and dapps approve 2^256 − 1). */
const UNLIMITED = 2n ** 255n;

/** An allowance's amount by the display policy (docs/amounts.md): USDT as money, Natura with at most 4 decimals. */
const allowanceKind = (tokenName: 'USDT' | 'Natura'): AmountKind => (tokenName === 'USDT' ? 'money' : 'natura');

/**
 * A permission in words: the text (for the Revoke button's name and the transaction's description) and what the row
 * shows, the same words with a rounded allowance one tap from its exact figure.
 */
function usePermissionWords() {
  const { t, i18n } = useTranslation('permissions');
  const party = (value: Party) =>
    value.role === 'collection'
      ? value.name
      : value.role === 'other'
        ? shortAddress(value.address)
        : t(`party.${value.role}`);
  const allowanceWords = (permission: Extract<Permission, { kind: 'allowance' }>, amount: string) =>
    t('allowance.amount', { spender: party(permission.spender), token: permission.tokenName, amount });
  const text = (permission: Permission): string => {
    switch (permission.kind) {
      case 'allowance':
        return permission.amount >= UNLIMITED
          ? t('allowance.unlimited', { spender: party(permission.spender), token: permission.tokenName })
          : allowanceWords(
              permission,
              displayAmount(permission.amount, permission.decimals, allowanceKind(permission.tokenName), i18n.language)
                .text,
            );
      case 'operator':
        return t('operator', { operator: party(permission.operator), collection: permission.collection.name });
      case 'token':
        return t('token', {
          approved: party(permission.approved),
          collection: permission.collection.name,
          tokenId: permission.tokenId.toString(),
        });
    }
  };
  const shown = (permission: Permission): ReactNode =>
    permission.kind === 'allowance' && permission.amount < UNLIMITED ? (
      <TextWithAmount
        text={allowanceWords(permission, AMOUNT_SLOT)}
        amount={
          <Amount value={permission.amount} decimals={permission.decimals} kind={allowanceKind(permission.tokenName)} />
        }
      />
    ) : (
      text(permission)
    );
  return { text, shown };
}

const SECTIONS = ['allowance', 'operator', 'token'] as const;

/**
 * The Permissions page: every allowance and NFT approval the account has given the
 * app's contracts, each in words with a Revoke button that runs through the shared transaction path.
 */
export function PermissionsScreen({ account }: { account: Address }) {
  const { t } = useTranslation('permissions');
  const query = usePermissions(account);
  const words = usePermissionWords();
  const action = useChainAction();
  const [revoking, setRevoking] = useState<string | null>(null);

  const revoke = (permission: Permission) => {
    const what = words.text(permission);
    setRevoking(permissionKey(permission));
    void action.start<Permission>({
      preflight: noCheck(permission),
      plan: ({ signer }, terms) => Promise.resolve(planRevoke(signer, terms)),
      action: () => revokeFlow.action({ what }),
      invalidate: [queryKeys.chain.permissions(account)],
    });
  };

  if (query.isPending) return <LoadingSkeleton rows={3} />;
  if (query.isError) return <ErrorState message={t('error')} onRetry={() => void query.refetch()} />;
  const permissions = query.data;

  return (
    <div className="permissions">
      <p className="permissions-intro mt-3">{t('intro')}</p>
      {revoking ? (
        <div className="surface p-3 mb-3" data-testid="revoke-status">
          <ChainActionStatus state={action.state} />
          {action.state.phase === 'confirmed' ? (
            <p className="alert alert-success small py-2 mb-0" role="status">
              {t('revoked')}
            </p>
          ) : null}
        </div>
      ) : null}
      {permissions.length === 0 ? (
        <p className="empty-state text-center py-4" role="status">
          {t('none')}
        </p>
      ) : (
        SECTIONS.map((kind) => {
          const rows = permissions.filter((permission) => permission.kind === kind);
          if (rows.length === 0) return null;
          return (
            <section key={kind} className="mb-4" aria-labelledby={`permissions-${kind}`}>
              <h2 id={`permissions-${kind}`} className="h5">
                {t(`sections.${kind}`)}
              </h2>
              <ul className="list-unstyled permissions-list">
                {rows.map((permission) => {
                  const key = permissionKey(permission);
                  const what = words.text(permission);
                  return (
                    <li key={key} className="surface permissions-row">
                      <span>{words.shown(permission)}</span>
                      <Button
                        variant="outline-light"
                        size="sm"
                        disabled={action.busy}
                        aria-label={t('revokeLabel', { what })}
                        onClick={() => revoke(permission)}
                      >
                        {t('revoke')}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}
