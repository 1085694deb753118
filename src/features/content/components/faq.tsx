import '@/features/content/components/content.css';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterLeadImage } from '@/components/app-image';
import { FAQ_QUESTIONS } from '@/features/content/components/faq-questions';

// The accordion (react-bootstrap's Accordion with its collapse transition) sits at the bottom of the home page and is
// not needed for its first paint: it is its own chunk, requested once the route's lead image (the home hero) has been
// painted. Until it is there the questions show in the same markup, closed.
const FaqAccordion = lazy(() => import('./faq-accordion'));

export function Faq() {
  const { t } = useTranslation('home');
  const closed = (
    <div className="accordion faq-accordion">
      {FAQ_QUESTIONS.map((key) => (
        <div key={key} className="accordion-item">
          <h3 className="accordion-header">
            <span className="accordion-button collapsed">{t(`faq.items.${key}.q`)}</span>
          </h3>
        </div>
      ))}
    </div>
  );
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title" className="section-title">
        {t('faq.title')}
      </h2>
      <AfterLeadImage fallback={closed}>
        <FaqAccordion />
      </AfterLeadImage>
    </section>
  );
}
