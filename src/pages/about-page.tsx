import { useTranslation } from 'react-i18next';
import { PageBanner } from '@/components/page-banner';
import { AboutContent } from '@/features/content/components/about-content';

export function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <>
      <PageBanner title={t('title')} subtitle={t('subtitle')} />
      <AboutContent />
    </>
  );
}
