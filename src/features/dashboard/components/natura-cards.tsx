import { useTranslation } from 'react-i18next';
import { DashboardCard } from '@/features/dashboard/components/dashboard-card';
import { useDashboardCards } from '@/features/dashboard/hooks/use-dashboard-cards';
import '@/features/dashboard/components/dashboard.css';

/** The 13 Natura cards of the dashboard, each loading (and failing) on its own. */
export function NaturaCards() {
  const { t } = useTranslation('dashboard');
  const cards = useDashboardCards();
  return (
    <ul className="dashboard-cards" aria-label={t('cardsLabel')}>
      {cards.map((card) => (
        <DashboardCard key={card.id} card={card} />
      ))}
    </ul>
  );
}
