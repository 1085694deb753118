import '@/features/content/components/content.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const TILES = [
  { to: '/contactus', key: 'contact', icon: '✉' },
  { to: '/work', key: 'work', icon: '✦' },
  { to: '/haveproject', key: 'project', icon: '✎' },
] as const;

/** The three enquiry tiles of the home page. */
export function HomeTiles() {
  const { t } = useTranslation('home');
  return (
    <nav aria-label={t('tiles.label')} className="row g-3 home-tiles">
      {TILES.map((tile) => (
        <div key={tile.key} className="col-12 col-md-4">
          <Link to={tile.to} className="home-tile surface">
            <span className="home-tile-icon" aria-hidden="true">
              {tile.icon}
            </span>
            <span className="home-tile-title">{t(`tiles.${tile.key}`)}</span>
            <span className="home-tile-text">{t(`tiles.${tile.key}Text`)}</span>
          </Link>
        </div>
      ))}
    </nav>
  );
}
