import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Amount } from '@/components/amount';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import type { CardLink, CardValue, DashboardCard as Card } from '@/features/dashboard/hooks/use-dashboard-cards';

/** Router state that opens the swap page on its Record view (deployed-system.md §P2.12). */
const SWAP_RECORD_STATE = { view: 'record' } as const;

function CardTitle({ link, children }: { link: CardLink | null; children: ReactNode }) {
  if (!link) return children;
  if (link.kind === 'swapRecord') {
    return (
      <Link to="/swapping" state={SWAP_RECORD_STATE}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function useFigureNote(value: Exclude<CardValue, { kind: 'amount' }>): string {
  const { t } = useTranslation('dashboard');
  switch (value.kind) {
    case 'noSwapYet':
      return t('noSwapYet');
    case 'unavailable':
      return t('unavailable');
    case 'notPublished':
      return value.missing?.length
        ? t('notPublishedMissing', { inputs: value.missing.map((input) => t(`inputs.${input}`)).join(', ') })
        : t('notPublished');
  }
}

function FigureNote({ value }: { value: Exclude<CardValue, { kind: 'amount' }> }) {
  return <p className="dashboard-card-figure is-note">{useFigureNote(value)}</p>;
}

/**
 * A card's amount with the spec's unit prefix and decimals (contracts.md §6.1); where those decimals round, the exact
 * figure is one tap away (docs/amounts.md).
 */
function DashboardAmount({ value }: { value: Extract<CardValue, { kind: 'amount' }> }) {
  const { t } = useTranslation('dashboard');
  return (
    <Amount
      value={value.amount.value}
      decimals={value.amount.decimals}
      kind={value.style}
      frame={(figure) => t(`units.${value.unit}`, { value: figure })}
    />
  );
}

function Figure({ value }: { value: CardValue }) {
  if (value.kind !== 'amount') return <FigureNote value={value} />;
  return (
    <p className="dashboard-card-figure">
      <DashboardAmount value={value} />
    </p>
  );
}

/** One figure: its title (a link where deployed-system.md §C6.1 gives one) and a skeleton, an error with Try again, or the value. */
export function DashboardCard({ card }: { card: Card }) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  return (
    <li className="dashboard-card surface" aria-labelledby={titleId}>
      <h2 className="dashboard-card-title" id={titleId}>
        <CardTitle link={card.link}>{t(`cards.${card.id}`)}</CardTitle>
      </h2>
      {card.value.status === 'pending' ? (
        <LoadingSkeleton rows={1} />
      ) : card.value.status === 'error' ? (
        <ErrorState
          inline
          message={
            card.value.missing?.length
              ? t('cardErrorMissing', { inputs: card.value.missing.map((input) => t(`inputs.${input}`)).join(', ') })
              : t('cardError')
          }
          onRetry={card.value.retry}
        />
      ) : (
        <Figure value={card.value.data} />
      )}
    </li>
  );
}
