import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface StakingTab<K extends string> {
  key: K;
  label: string;
}

/**
 * The two headings acting as tabs (deployed-system.md §U11), as an ARIA tablist: the arrow keys, Home
 * and End move between tabs; only the active panel is mounted. Hand-made rather than
 * react-bootstrap's Tabs, whose helpers would otherwise be split into the first-load bundle.
 */
export function StakingTabs<K extends string>({
  tabs,
  active,
  onSelect,
  children,
}: {
  tabs: readonly StakingTab<K>[];
  active: K;
  onSelect: (key: K) => void;
  children: ReactNode;
}) {
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = target === null ? undefined : tabs[target];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.key);
    buttons.current.get(tab.key)?.focus();
  };
  return (
    <>
      <div className="nav nav-tabs nav-fill staking-tabs mb-3" role="tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) buttons.current.set(tab.key, element);
              else buttons.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={`staking-tab-${tab.key}`}
            aria-controls={`staking-panel-${tab.key}`}
            aria-selected={tab.key === active}
            tabIndex={tab.key === active ? 0 : -1}
            className={`nav-item nav-link${tab.key === active ? ' active' : ''}`}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`staking-panel-${active}`} aria-labelledby={`staking-tab-${active}`}>
        {children}
      </div>
    </>
  );
}
