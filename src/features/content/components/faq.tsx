import '@/features/content/components/content.css';
import Accordion from 'react-bootstrap/Accordion';
import { useTranslation } from 'react-i18next';

/** The nine questions of deployed-system.md §U5.1, in order; answers are our own copy. */
const QUESTIONS = [
  'marketplace',
  'nfts',
  'buying',
  'selling',
  'difference',
  'investment',
  'after',
  'theft',
  'staking',
] as const;

export function Faq() {
  const { t } = useTranslation('home');
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title" className="section-title">
        {t('faq.title')}
      </h2>
      <Accordion className="faq-accordion">
        {QUESTIONS.map((key) => (
          <Accordion.Item key={key} eventKey={key}>
            <Accordion.Header as="h3">{t(`faq.items.${key}.q`)}</Accordion.Header>
            <Accordion.Body>{t(`faq.items.${key}.a`)}</Accordion.Body>
          </Accordion.Item>
        ))}
      </Accordion>
    </section>
  );
}
