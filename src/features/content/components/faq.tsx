import '@/features/content/components/content.css';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FAQ_QUESTIONS } from '@/features/content/components/faq-questions';

// The accordion (react-bootstrap's Accordion with its collapse transition) sits at the bottom of
// the home page and is not needed for its first paint: it is its own chunk, requested as soon as
// this module runs. Until it is there the questions show in the same markup, closed.
const accordionChunk = import('./faq-accordion');
// A failed download surfaces where the accordion renders (the page's error boundary); this only
// keeps it from also being reported as unhandled.
accordionChunk.catch(() => undefined);
const FaqAccordion = lazy(() => accordionChunk);

export function Faq() {
  const { t } = useTranslation('home');
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title" className="section-title">
        {t('faq.title')}
      </h2>
      <Suspense
        fallback={
          <div className="accordion faq-accordion">
            {FAQ_QUESTIONS.map((key) => (
              <div key={key} className="accordion-item">
                <h3 className="accordion-header">
                  <span className="accordion-button collapsed">{t(`faq.items.${key}.q`)}</span>
                </h3>
              </div>
            ))}
          </div>
        }
      >
        <FaqAccordion />
      </Suspense>
    </section>
  );
}
