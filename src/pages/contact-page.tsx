import { useTranslation } from 'react-i18next';
import { PageBanner } from '@/components/page-banner';
import { FormIntro } from '@/features/forms/components/enquiry-form';
import { ContactForm } from '@/features/forms/components/enquiry-forms';

export function ContactPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageBanner title={t('pages.contact')} />
      <div className="container py-4 enquiry-page">
        <FormIntro />
        <ContactForm />
      </div>
    </>
  );
}
