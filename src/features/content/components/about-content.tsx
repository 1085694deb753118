import '@/features/content/components/content.css';
import { useTranslation } from 'react-i18next';

const GITBOOK = 'https://harmonious-paradise.gitbook.io/harmonious-paradise-project/';

/** Documentation pages the closing paragraphs link to (deployed-system.md §K7.1). */
const ABOUT_LINKS = {
  adoption: `${GITBOOK}nfts-projects/nfts-adoption`,
  platform: `${GITBOOK}nfts-projects/nfts-collection-terramater/terramater-platform`,
  holders: `${GITBOOK}nfts-projects/nfts-collection-terramater/characteristics-and-functionality`,
} as const;

const BENEFITS = ['stake', 'plethora', 'fees', 'governance', 'treasury'] as const;
const ROWS = ['ownership', 'collections', 'vetting', 'benefits'] as const;
const STORY = ['opensea', 'problem', 'question'] as const;

export function AboutContent() {
  const { t } = useTranslation('about');
  return (
    <div className="container py-4 about">
      <section aria-labelledby="benefits-title" className="mb-5">
        <h2 id="benefits-title" className="section-title">
          {t('benefits.title')}
        </h2>
        <ol className="benefits list-unstyled row g-3">
          {BENEFITS.map((key, index) => (
            <li key={key} className="col-12 col-md-6 col-xl">
              <div className="surface benefit h-100 p-3">
                <span className="benefit-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="h6">{t(`benefits.items.${key}.title`)}</h3>
                <p className="mb-0 text-muted-tm">{t(`benefits.items.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="comparison-title" className="mb-5">
        <h2 id="comparison-title" className="section-title">
          {t('comparison.title')}
        </h2>
        <div className="table-responsive">
          <table className="table table-dark comparison">
            <thead>
              <tr>
                <th scope="col">{t('comparison.aspect')}</th>
                <th scope="col">{t('comparison.opensea')}</th>
                <th scope="col">{t('comparison.terraMater')}</th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row}>
                  <th scope="row">{t(`comparison.rows.${row}.aspect`)}</th>
                  <td>{t(`comparison.rows.${row}.opensea`)}</td>
                  <td>{t(`comparison.rows.${row}.terraMater`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="story-title">
        <h2 id="story-title" className="section-title">
          {t('story.title')}
        </h2>
        {STORY.map((key) => (
          <div key={key} className="mb-3">
            <h3 className="h5">{t(`story.${key}.title`)}</h3>
            <p>{t(`story.${key}.text`)}</p>
          </div>
        ))}
        {(Object.keys(ABOUT_LINKS) as (keyof typeof ABOUT_LINKS)[]).map((key) => (
          <p key={key}>
            {t(`story.closing.${key}`)}{' '}
            <a href={ABOUT_LINKS[key]} target="_blank" rel="noopener noreferrer">
              {t('story.closing.link')}
            </a>
          </p>
        ))}
      </section>
    </div>
  );
}
