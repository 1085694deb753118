import type { ReactNode } from 'react';
import { usePageTitle } from '@/components/page-title';

/** The dark title band every page opens with. */
export function PageBanner({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  usePageTitle(typeof title === 'string' ? title : undefined);
  return (
    <section className="page-banner">
      <div className="container">
        <h1 className="page-title">{title}</h1>
        {subtitle ? <p className="page-subtitle">{subtitle}</p> : null}
      </div>
    </section>
  );
}
