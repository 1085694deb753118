import { useTranslation } from 'react-i18next';
import { showAlert, type AlertOptions } from '@/lib/alerts';

/** Shows a swap alert whose title and text are keys of `alerts.*`. */
export function useSwapAlert() {
  const { t } = useTranslation('swap');
  return (options: AlertOptions) =>
    showAlert({
      ...options,
      title: options.title ? t(`alerts.title.${options.title}`) : undefined,
      text: options.text ? t(`alerts.text.${options.text}`) : undefined,
    });
}
