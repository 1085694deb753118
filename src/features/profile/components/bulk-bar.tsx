import { useTranslation } from 'react-i18next';

/** `set` with `key` added (`on`) or taken out, as a new set for React state. */
export function toggled<K>(set: ReadonlySet<K>, key: K, on: boolean): ReadonlySet<K> {
  const next = new Set(set);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}

/** A card's checkbox for acting on many at once (a real checkbox: Space toggles it, its label names the NFT). */
export function SelectBox({
  name,
  selected,
  disabled,
  onSelect,
}: {
  name: string;
  selected: boolean;
  disabled: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const { t } = useTranslation('profile');
  return (
    <input
      type="checkbox"
      className="form-check-input profile-card-select"
      aria-label={t('bulk.select', { name })}
      checked={selected}
      disabled={disabled}
      onChange={(event) => onSelect(event.target.checked)}
    />
  );
}

/**
 * The bar over a tab's grid once NFTs are selected: how many, the action on all of them, clear. It stays in view
 * at the bottom of a phone's screen while the user scrolls and selects.
 */
export function BulkBar({
  count,
  action,
  onAct,
  onClear,
}: {
  count: number;
  action: string;
  onAct: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('profile');
  if (count === 0) return null;
  return (
    <div className="profile-bulk-bar surface" role="region" aria-label={t('bulk.selected', { count })}>
      <span className="fw-bold" aria-live="polite">
        {t('bulk.selected', { count })}
      </span>
      <button type="button" className="btn btn-main btn-sm" onClick={onAct}>
        {action}
      </button>
      <button type="button" className="btn btn-outline-light btn-sm" onClick={onClear}>
        {t('bulk.clear')}
      </button>
    </div>
  );
}
