import type { ReactNode } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { AppImage } from '@/components/app-image';

export interface RowAction {
  label: string;
  onSelect: () => void;
  /** Shown but not selectable, with `hint` saying why (Claim Rewards while no whole day is due). */
  disabled?: boolean;
  hint?: string;
}

/**
 * One row of either staking list: a 90×90 thumbnail, "name#tokenId", the row's own lines and a
 * kebab menu with its actions (deployed-system.md §P2.10, §U11). `leading` holds the staked list's
 * selection checkbox.
 */
export function NftRow({
  title,
  image,
  actions,
  disabled,
  leading,
  children,
}: {
  title: string;
  image: string | null;
  actions: RowAction[];
  disabled: boolean;
  leading?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('staking');
  return (
    <li className="staking-row surface">
      {leading}
      <AppImage src={image} alt="" width={90} height={90} className="staking-thumb" />
      <div className="staking-row-body">
        <h3 className="staking-row-title">{title}</h3>
        {children}
      </div>
      <Dropdown align="end" className="staking-row-menu">
        <Dropdown.Toggle
          variant="link"
          className="staking-kebab"
          disabled={disabled}
          aria-label={t('menu', { name: title })}
        >
          <span aria-hidden="true">⋮</span>
        </Dropdown.Toggle>
        <Dropdown.Menu variant="dark">
          {actions.map((action) => (
            <Dropdown.Item as="button" key={action.label} onClick={action.onSelect} disabled={action.disabled}>
              {action.label}
              {action.hint ? <span className="d-block small staking-action-hint">{action.hint}</span> : null}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown>
    </li>
  );
}
