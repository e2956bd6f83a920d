import { useTranslation } from 'react-i18next';
import { paths } from '../lib/paths';

/** Last resort when rendering a route throws: say so and offer a clean restart from home. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      <section className="page-status" role="alert">
        <p className="page-status-text">{t('common.pageLoadFailed')}</p>
        <a className="text-button" href={`#${paths.home}`}>
          {t('common.backHome')}
        </a>
      </section>
    </div>
  );
}
