import './notice-bell.css';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { paths } from '../../../lib/paths';

/** Home's way to the notice centre (news, the broker's notices and, once logged in, messages). */
export function NoticeBell() {
  const { t } = useTranslation();
  return (
    <Link className="home-notice-bell" to={paths.notices} aria-label={t('articles.centre')}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" />
        <path d="M10 20.5a2 2 0 0 0 4 0" />
      </svg>
    </Link>
  );
}
