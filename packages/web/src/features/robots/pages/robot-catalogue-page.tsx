import '../robots.css';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { LoadError } from '../../../components/load-error';
import { paths } from '../../../lib/paths';
import { useRobotStrategies } from '../api/get-robot-strategies';
import type { ParamName } from '../components/robot-params-form';

/** `/pages/robot/index`: the strategies a quant robot can run, each leading to its set-up and backtest. */
export function RobotCataloguePage() {
  const { t } = useTranslation();
  const strategies = useRobotStrategies();
  if (strategies.isError && !strategies.data) return <LoadError onRetry={() => void strategies.refetch()} />;
  return (
    <div className="order-page">
      <p className="section-hint">{t('robots.catalogueHint')}</p>
      <Link className="primary-pill robot-mine-link" to={paths.robotMine}>
        {t('robots.myRobots')}
      </Link>
      {strategies.data === undefined ? (
        <div className="page-status" role="status">
          <span className="page-status-text">{t('common.loading')}</span>
        </div>
      ) : (
        strategies.data.map(({ strategy, params }) => (
          <article key={strategy} className="card order-card" aria-label={t(`robots.strategies.${strategy}.name`)}>
            <h2 className="position-name">{t(`robots.strategies.${strategy}.name`)}</h2>
            <p className="robot-description">{t(`robots.strategies.${strategy}.description`)}</p>
            <p className="form-hint">{params.map((p) => t(`robots.params.${p.name as ParamName}`)).join(' · ')}</p>
            <Link className="primary-pill" to={`${paths.robotDetail}?strategy=${strategy}`}>
              {t('robots.setUp')}
            </Link>
          </article>
        ))
      )}
    </div>
  );
}
