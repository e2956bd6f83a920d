import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/page-title';
import { HourglassIcon } from './icons/icons';

/** Stands in for a page of SPEC §2 whose behaviour arrives in a later release; the route already exists. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <div className="coming-soon-icon">
        <HourglassIcon />
      </div>
      <h2 id="coming-soon-title" className="coming-soon-title">
        {title}
      </h2>
      <p className="coming-soon-badge">{t('common.comingSoon')}</p>
      <p className="coming-soon-hint">{t('common.comingSoonHint')}</p>
    </section>
  );
}

/** A placeholder page that takes its title from the route it is mounted on. */
export function ComingSoonPage() {
  return <ComingSoon title={usePageTitle()} />;
}
