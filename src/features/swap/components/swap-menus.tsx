import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import type { RecordFilter } from '@/features/swap/hooks/orders';

/**
 * The swap toolbar's two menus (react-bootstrap's Dropdown, with Popper): a chunk of their own, loaded only where one
 * is shown (the Record view, a connected wallet), so the signed-out order book renders without waiting for it.
 */

const FILTER_LABEL: Record<RecordFilter, string> = {
  all: 'toolbar.filterAll',
  cancelled: 'toolbar.filterCancelled',
  successful: 'toolbar.filterSuccessful',
};

/** All / Cancelled / Successful, in the Record view. */
export function RecordFilterMenu({
  filter,
  onFilter,
}: {
  filter: RecordFilter;
  onFilter: (filter: RecordFilter) => void;
}) {
  const { t } = useTranslation('swap');
  return (
    <Dropdown onSelect={(key) => onFilter((key ?? 'all') as RecordFilter)}>
      <Dropdown.Toggle size="sm" variant="outline-light" aria-label={t('toolbar.filter')}>
        {t(FILTER_LABEL[filter])}
      </Dropdown.Toggle>
      <Dropdown.Menu variant="dark">
        {(Object.keys(FILTER_LABEL) as RecordFilter[]).map((key) => (
          <Dropdown.Item key={key} eventKey={key} active={filter === key}>
            {t(FILTER_LABEL[key])}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

/** Manage your listings: Create a listing, My listings. */
export function ManageMenu({ onCreate, onListings }: { onCreate: () => void; onListings: () => void }) {
  const { t } = useTranslation('swap');
  return (
    <Dropdown>
      <Dropdown.Toggle size="sm" className="btn-main">
        {t('toolbar.manage')}
      </Dropdown.Toggle>
      <Dropdown.Menu variant="dark">
        <Dropdown.Item as="button" onClick={onCreate}>
          {t('toolbar.create')}
        </Dropdown.Item>
        <Dropdown.Item as="button" onClick={onListings}>
          {t('toolbar.listings')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
