import { useTranslation } from 'react-i18next';
import { useCountdown } from '@/features/nfts/hooks/use-countdown';

/** "Ends in 1d 2h 3m 4s", then "Ended". Renders nothing without a usable deadline. */
export function Countdown({ deadline, label }: { deadline: string | null | undefined; label?: string }) {
  const { t } = useTranslation('nft');
  const parts = useCountdown(deadline);
  if (!parts) return null;
  return (
    <div className="nft-countdown">
      <span className="nft-countdown-label">{label ?? t('card.endsIn')}</span>{' '}
      {/* A live region would announce every second; the timer element is enough. */}
      <time dateTime={deadline ?? undefined}>
        {parts.done
          ? t('card.ended')
          : t('card.countdown', { d: parts.days, h: parts.hours, m: parts.minutes, s: parts.seconds })}
      </time>
    </div>
  );
}
