import Accordion from 'react-bootstrap/Accordion';
import { useTranslation } from 'react-i18next';
import { FAQ_QUESTIONS } from '@/features/content/components/faq-questions';

/** The questions as react-bootstrap's Accordion: one answer open at a time. */
export default function FaqAccordion() {
  const { t } = useTranslation('home');
  return (
    <Accordion className="faq-accordion">
      {FAQ_QUESTIONS.map((key) => (
        <Accordion.Item key={key} eventKey={key}>
          <Accordion.Header as="h3">{t(`faq.items.${key}.q`)}</Accordion.Header>
          <Accordion.Body>{t(`faq.items.${key}.a`)}</Accordion.Body>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
