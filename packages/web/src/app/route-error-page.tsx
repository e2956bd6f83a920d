import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../components/delayed-loading';
import { paths } from '../lib/paths';
import { isReloadingForNewBuild, isStaleBuildError, reloadForNewBuild } from '../lib/stale-build';

/**
 * Last resort when rendering a route throws: say so and offer a clean restart from home. A chunk of an
 * old build (a deploy while the app was open) instead reloads once for the new one, on the same route.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (isReloadingForNewBuild() || (isStaleBuildError(error) && reloadForNewBuild())) {
    return (
      <div className="app-shell">
        <DelayedLoading />
      </div>
    );
  }
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
