import { useEffect } from 'react';

const SITE_NAME = 'Terra Mater';

/**
 * Names the browser tab and the history entry after the page being shown:
 * "<title> · Terra Mater", or just the site name while there is no title (home, loading).
 */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
