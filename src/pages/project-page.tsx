import { useTranslation } from 'react-i18next';
import { PageBanner } from '@/components/page-banner';
import { FormIntro } from '@/features/forms/components/enquiry-form';
import { ProjectForm } from '@/features/forms/components/enquiry-forms';

export function ProjectPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageBanner title={t('pages.project')} />
      <div className="container py-4 enquiry-page">
        <FormIntro />
        <ProjectForm />
      </div>
    </>
  );
}
