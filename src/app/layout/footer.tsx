import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container d-flex align-items-center gap-2">
        <img src="/img/logo.svg" alt="" width={28} height={28} loading="lazy" />
        <span>{t('footer.copyright')}</span>
      </div>
    </footer>
  );
}
