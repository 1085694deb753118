import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { ChainActionStatus } from '@/components/chain-action-status';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import type { Address } from '@/config/env';
import { permissionKey, usePermissions, type Party, type Permission } from '@/features/permissions/api/get-permissions';
import { planRevoke } from '@/features/permissions/tx/plan';
import { useChainAction } from '@/lib/tx/use-chain-action';
import { shortAddress } from '@/lib/format/address';
import { formatTokenAmount } from '@/lib/format/numbers';
import { queryKeys } from '@/lib/query/keys';
import '@/features/permissions/components/permissions.css';

/** At or above this an allowance is "unlimited" (wallets and dapps approve 2^256 − 1). */
const UNLIMITED = 2n ** 255n;

function usePermissionWords() {
  const { t, i18n } = useTranslation('permissions');
  const party = (value: Party) =>
    value.role === 'collection'
      ? value.name
      : value.role === 'other'
        ? shortAddress(value.address)
        : t(`party.${value.role}`);
  return (permission: Permission): string => {
    switch (permission.kind) {
      case 'allowance':
        return permission.amount >= UNLIMITED
          ? t('allowance.unlimited', { spender: party(permission.spender), token: permission.tokenName })
          : t('allowance.amount', {
              spender: party(permission.spender),
              token: permission.tokenName,
              amount: formatTokenAmount(permission.amount, permission.decimals, 3, i18n.language),
            });
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
    const what = words(permission);
    setRevoking(permissionKey(permission));
    void action.start({
      title: t('jobTitle', { what }),
      plan: ({ signer }) => Promise.resolve(planRevoke(signer, permission)),
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
                  const what = words(permission);
                  return (
                    <li key={key} className="surface permissions-row">
                      <span>{what}</span>
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
