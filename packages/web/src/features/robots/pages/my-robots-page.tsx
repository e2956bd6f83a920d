import '../robots.css';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { LoadError } from '../../../components/load-error';
import { paths } from '../../../lib/paths';
import { useMyRobots } from '../api/get-my-robots';
import { RobotCard } from '../components/robot-card';

/** `/pages/robot/mine`: my robots with trading status, income and purchase record; pause, resume, stop. */
export function MyRobotsPage() {
  const { t } = useTranslation();
  const robots = useMyRobots();
  if (robots.isError && !robots.data) return <LoadError onRetry={() => void robots.refetch()} />;
  return (
    <div className="order-page">
      <p className="section-hint">{t('robots.mineHint')}</p>
      {robots.data === undefined ? (
        <div className="page-status" role="status">
          <span className="page-status-text">{t('common.loading')}</span>
        </div>
      ) : robots.data.list.length === 0 ? (
        <p className="list-empty">
          {t('robots.none')} <Link to={paths.robotCatalogue}>{t('robots.browse')}</Link>
        </p>
      ) : (
        robots.data.list.map((robot) => <RobotCard key={robot.id} robot={robot} />)
      )}
    </div>
  );
}
