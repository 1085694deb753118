import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';
import { parseAddress } from '@/lib/chain/addresses';
import { PageBanner } from '@/components/page-banner';
import { ActivityTab } from '@/features/profile/components/activity-tab';
import { CollectedTab } from '@/features/profile/components/collected-tab';
import { OnSaleTab } from '@/features/profile/components/on-sale-tab';
import { ProfileHeader } from '@/features/profile/components/profile-header';
import { useWallet } from '@/features/wallet/hooks/wallet-context';

/** /Profile (protected): avatar and address, then what the wallet holds and what it sells. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('profile');
  const { user } = useWallet();
  return (
    <>
      <PageBanner title={t('pages.profile')} />
      <div className="container pb-5">
        {user ? (
          <>
            <ProfileHeader userId={user.id} address={user.address} />
            <Tabs defaultActiveKey="collected" id="profile-tabs" className="mb-4" mountOnEnter>
              <Tab eventKey="collected" title={tp('tabs.collected')}>
                <CollectedTab owner={parseAddress(user.address)} />
              </Tab>
              <Tab eventKey="onSale" title={tp('tabs.onSale')}>
                <OnSaleTab owner={user.address} />
              </Tab>
              <Tab eventKey="activity" title={tp('tabs.activity')}>
                <ActivityTab account={parseAddress(user.address)} />
              </Tab>
            </Tabs>
          </>
        ) : null}
      </div>
    </>
  );
}
