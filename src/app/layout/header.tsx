import '@/app/layout/header.css';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { IN_PLACE } from '@/components/in-place';
import { LanguageSelect } from '@/app/layout/language-select';
import { useWallet } from '@/features/wallet/hooks/wallet-context';
import { WalletMenu } from '@/features/wallet/components/wallet-menu';

// The transactions count (it shows only when something is pending or queued) loads right after the first paint.
const TransactionsIndicator = lazy(() =>
  import('@/components/transactions-indicator').then((module) => ({ default: module.TransactionsIndicator })),
);

const NAV_ITEMS = [
  { to: '/explore', key: 'nav.collections' },
  { to: '/about', key: 'nav.about' },
  { to: '/dashboard', key: 'nav.dashboard' },
  { to: '/nft-staking', key: 'nav.staking' },
  { to: '/swapping', key: 'nav.swapping' },
] as const;

/**
 * The navigation bar in Bootstrap's own markup and classes. The first paint needs only the bar and
 * its links, so it is plain JSX rather than react-bootstrap's Navbar (which brings the Offcanvas,
 * Modal and transition code with it); the collapsed menu opens and closes with Bootstrap's
 * `show` class. On a phone it closes again after any choice — a link, Connect Wallet or another
 * button, the language — and when the page scrolls, so the sticky header never covers more than its own row.
 */
export function Header() {
  const { t } = useTranslation();
  const { connect } = useWallet();
  const [expanded, setExpanded] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = menu.current;
    if (!expanded || !element) return;
    const close = () => setExpanded(false);
    // A choice made in the open menu closes it (a click is also what Enter or Space on a link or button makes);
    // a control that acts in place does not: a toggle that opens a sub-menu (the wallet's) or discloses something
    // (a rounded balance's exact figure), or one marked IN_PLACE (Copy address, whose "Copied" must be seen).
    const closeAfterChoice = (event: Event) => {
      const chosen = event.target instanceof Element ? event.target.closest('a, button') : null;
      if (chosen && !chosen.matches(`[aria-haspopup], .dropdown-toggle, [aria-expanded], [${IN_PLACE}]`)) close();
    };
    element.addEventListener('click', closeAfterChoice);
    element.addEventListener('change', close);
    // The user scrolling the page (not a scroll the browser makes itself when the open menu shifts the layout).
    const scrolling = ['wheel', 'touchmove'] as const;
    for (const type of scrolling) window.addEventListener(type, close, { passive: true });
    return () => {
      element.removeEventListener('click', closeAfterChoice);
      element.removeEventListener('change', close);
      for (const type of scrolling) window.removeEventListener(type, close);
    };
  }, [expanded]);
  return (
    <header className="site-header sticky-top">
      <nav className="navbar navbar-expand-lg navbar-dark">
        <div className="container-xl">
          <Link to="/" className="navbar-brand d-flex align-items-center gap-2" aria-label={t('nav.home')}>
            <img src="/img/logo.svg" alt="" width={40} height={40} />
            <span className="brand-text">{t('brand')}</span>
          </Link>
          {/* Outside the collapsing menu: the count shows on a phone with the menu closed. */}
          <div className="header-transactions ms-auto me-2 ms-lg-2 me-lg-0 order-lg-last">
            <Suspense fallback={null}>
              <TransactionsIndicator onSignIn={() => void connect()} />
            </Suspense>
          </div>
          <button
            type="button"
            className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
            aria-controls="main-nav"
            aria-expanded={expanded}
            aria-label={t('nav.toggle')}
            onClick={() => setExpanded((value) => !value)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div ref={menu} id="main-nav" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
            <nav className="navbar-nav me-auto" aria-label={t('nav.main')}>
              {NAV_ITEMS.map((item) => (
                <NavLink key={item.to} to={item.to} className="nav-link">
                  {t(item.key)}
                </NavLink>
              ))}
            </nav>
            <div className="d-flex flex-column flex-lg-row align-items-lg-center gap-2 py-2 py-lg-0">
              <LanguageSelect />
              <WalletMenu />
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
