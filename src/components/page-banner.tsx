import type { ReactNode } from 'react';

/** The dark title band every page opens with. */
export function PageBanner({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <section className="page-banner">
      <div className="container">
        <h1 className="page-title">{title}</h1>
        {subtitle ? <p className="page-subtitle">{subtitle}</p> : null}
      </div>
    </section>
  );
}
