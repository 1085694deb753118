// The icon font's stylesheet travels with this page's chunk only, so no other page loads it.
import '@/features/content/components/content.css';
import 'font-awesome/css/font-awesome.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import icons from '@/features/content/components/fa-icons.json';

/** One glyph of the catalogue; generated from the font package by scripts/generate-fa-icons.mjs. */
export interface FaIcon {
  name: string;
  /** Hex code point, e.g. "f191". */
  code: string;
  alias: boolean;
  /** Release that introduced the glyph (derived, see the generator). */
  version: string;
}

export const FA_ICONS: readonly FaIcon[] = icons;

type Copied = { className: string; ok: boolean } | null;

/** The decorative icon catalogue of /fontAwesomeIcons: click an entry to copy its class name. */
export function IconCatalogue() {
  const { t } = useTranslation('icons');
  const [copied, setCopied] = useState<Copied>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async (className: string) => {
    let ok = false;
    try {
      await navigator.clipboard.writeText(className);
      ok = true;
    } catch {
      ok = false;
    }
    setCopied({ className, ok });
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(null), 4000);
  };

  return (
    <>
      <p className="text-muted-tm">{t('intro', { version: '4.7' })}</p>
      <p role="status" className="icon-copied">
        {copied
          ? copied.ok
            ? t('copied', { className: copied.className })
            : t('copyFailed', { className: copied.className })
          : null}
      </p>
      <ul className="row list-unstyled icon-catalogue">
        {FA_ICONS.map((icon) => {
          const className = `fa fa-${icon.name}`;
          return (
            <li key={icon.name} className="col-md-6 col-lg-4">
              <button
                type="button"
                className="icon-entry"
                title={t('copyTitle', { name: icon.name })}
                onClick={() => void copy(className)}
              >
                <i className={className} aria-hidden="true" />
                <span className="icon-name">{className}</span>
                {icon.alias ? <span className="icon-alias text-muted-tm">{t('alias')}</span> : null}
                <span className="icon-version text-muted-tm">{t('version', { version: icon.version })}</span>
                <code className="icon-code">{icon.code}</code>
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
