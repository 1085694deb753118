import '@/app/layout/header.css';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { LanguageSelect } from '@/app/layout/language-select';
import { TransactionsIndicator } from '@/components/transactions-indicator';
import { useWallet } from '@/features/wallet/hooks/wallet-context';
import { WalletMenu } from '@/features/wallet/components/wallet-menu';

const NAV_ITEMS = [
  { to: '/explore', key: 'nav.collections' },
  { to: '/about', key: 'nav.about' },
  { to: '/dashboard', key: 'nav.dashboard' },
  { to: '/nft-staking', key: 'nav.staking' },
  { to: '/swapping', key: 'nav.swapping' },
] as const;

export function Header() {
  const { t } = useTranslation();
  const { connect } = useWallet();
  return (
    <header className="site-header sticky-top">
      <Navbar expand="lg" variant="dark" collapseOnSelect>
        <Container fluid="xl">
          <Navbar.Brand as={Link} to="/" className="d-flex align-items-center gap-2" aria-label={t('nav.home')}>
            <img src="/img/logo.svg" alt="" width={40} height={40} />
            <span className="brand-text">{t('brand')}</span>
          </Navbar.Brand>
          {/* Outside the collapsing menu: the count shows on a phone with the menu closed (issue 23 item 5). */}
          <div className="header-transactions ms-auto me-2 ms-lg-2 me-lg-0 order-lg-last">
            <TransactionsIndicator onSignIn={() => void connect()} />
          </div>
          <Navbar.Toggle aria-controls="main-nav" aria-label={t('nav.toggle')} />
          <Navbar.Collapse id="main-nav">
            <Nav as="nav" className="me-auto" aria-label={t('nav.main')}>
              {NAV_ITEMS.map((item) => (
                <Nav.Link key={item.to} as={NavLink} to={item.to} eventKey={item.to}>
                  {t(item.key)}
                </Nav.Link>
              ))}
            </Nav>
            <div className="d-flex flex-column flex-lg-row align-items-lg-center gap-2 py-2 py-lg-0">
              <LanguageSelect />
              <WalletMenu />
            </div>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
