import type { ReactElement } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { useTranslation } from 'react-i18next';

/**
 * The collection header's Popper-positioned parts (react-bootstrap's Dropdown and OverlayTrigger bring Popper and
 * their transitions, ≈ 25 kB gzipped): a chunk of their own, loaded once the banner has been painted
 * (collection-header.tsx), so the page's code in front of its first paint stays small.
 */

/** The social link's name above it on hover and focus. */
export function SocialTooltip({ id, label, children }: { id: string; label: string; children: ReactElement }) {
  return (
    <OverlayTrigger placement="top" overlay={<Tooltip id={id}>{label}</Tooltip>}>
      {children}
    </OverlayTrigger>
  );
}

/** Share on facebook / Share on Twitter, for the page being viewed. */
export function ShareMenu({ facebook, twitter }: { facebook: string; twitter: string }) {
  const { t } = useTranslation('collection');
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="outline-light" size="sm" id="collection-share">
        {t('share.label')}
      </Dropdown.Toggle>
      <Dropdown.Menu variant="dark">
        <Dropdown.Item href={facebook} target="_blank" rel="noopener noreferrer">
          {t('share.facebook')}
        </Dropdown.Item>
        <Dropdown.Item href={twitter} target="_blank" rel="noopener noreferrer">
          {t('share.twitter')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
