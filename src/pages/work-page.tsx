import { useTranslation } from 'react-i18next';
import { PageBanner } from '@/components/page-banner';
import { FormIntro } from '@/features/forms/components/enquiry-form';
import { WorkForm } from '@/features/forms/components/enquiry-forms';

export function WorkPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageBanner title={t('pages.work')} />
      <div className="container py-4 enquiry-page">
        <FormIntro />
        <WorkForm />
      </div>
    </>
  );
}
