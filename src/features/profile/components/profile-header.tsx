import '@/components/page-header.css';
import '@/features/profile/components/profile.css';
import { lazy, Suspense, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { AppImage } from '@/components/app-image';
import { useUserAvatar } from '@/features/profile/api/get-user-avatar';
import { profileAddress } from '@/lib/format/address';

const AvatarDialog = lazy(() => import('@/features/profile/components/avatar-dialog'));

/** The round avatar (opens Upload Image) and the wallet address 5…37–42 with the verified tick. */
export function ProfileHeader({ userId, address }: { userId: number; address: string }) {
  const { t } = useTranslation('profile');
  const avatar = useUserAvatar(userId);
  const [open, setOpen] = useState(false);
  return (
    <div className="profile-identity">
      <button
        type="button"
        className="profile-avatar-button"
        aria-label={t('avatar.change')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {avatar.isPending ? (
          <Spinner animation="border" aria-hidden="true" />
        ) : (
          <AppImage src={avatar.data?.url ?? null} alt={t('avatar.alt')} />
        )}
      </button>
      <p className="profile-address mb-0">
        <span className="font-monospace" title={address} aria-label={t('address', { address })}>
          {profileAddress(address)}
        </span>
        <span className="verified-tick" role="img" aria-label={t('verified')} title={t('verified')}>
          ✔
        </span>
      </p>
      {open ? (
        <Suspense fallback={null}>
          <AvatarDialog userId={userId} current={avatar.data ?? null} onHide={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
