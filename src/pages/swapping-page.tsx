import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageBanner } from '@/components/page-banner';
import { SwapScreen } from '@/features/swap/components/swap-screen';

/** /swapping: the order book, or the Record view when navigated with state asking for it (dashboard). */
export function SwappingPage() {
  const { t } = useTranslation('swap');
  const location = useLocation();
  const state = location.state as { view?: string } | null;
  return (
    <>
      <PageBanner title={t('title')} />
      <div className="container pb-5">
        <SwapScreen initialView={state?.view === 'record' ? 'record' : 'book'} />
      </div>
    </>
  );
}
