import { useTranslation } from 'react-i18next';
import type { NftStatus } from '@/lib/cms/types';
import { useCmsLabels } from '@/lib/i18n/cms-labels';

export function StatusFilter({
  statuses,
  selected,
  onChange,
}: {
  statuses: NftStatus[];
  selected: number[];
  onChange: (next: number[]) => void;
}) {
  const { t } = useTranslation('collection');
  const labels = useCmsLabels();
  return (
    <fieldset className="status-filter">
      <legend className="h6">{t('filters.status')}</legend>
      {statuses.map((status) => {
        const checked = selected.includes(status.id);
        return (
          <div className="form-check" key={status.id}>
            <input
              className="form-check-input"
              type="checkbox"
              id={`status-${status.id}`}
              checked={checked}
              onChange={() => onChange(checked ? selected.filter((id) => id !== status.id) : [...selected, status.id])}
            />
            <label className="form-check-label" htmlFor={`status-${status.id}`}>
              {labels.status(status.label)}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
