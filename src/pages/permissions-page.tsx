import { useTranslation } from 'react-i18next';
import { PageBanner } from '@/components/page-banner';
import { parseAddress } from '@/lib/chain/addresses';
import { PermissionsScreen } from '@/features/permissions/components/permissions-screen';
import { useSession } from '@/lib/session/use-session';

/** /permissions (protected, from My Wallet): the approvals the wallet has given, each revocable. */
export function PermissionsPage() {
  const { t } = useTranslation('permissions');
  const { user, account } = useSession();
  const address = account ?? parseAddress(user?.address);
  return (
    <>
      <PageBanner title={t('title')} />
      <div className="container pb-5">{address ? <PermissionsScreen account={address} /> : null}</div>
    </>
  );
}
