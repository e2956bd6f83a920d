import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/brand-mark';
import { ComingSoon } from '../../../components/coming-soon';
import { APP_TITLE } from '../../../lib/constants';

/** The Home tab (SPEC §2). Its lists and chart arrive with the market-data release; the tab already works. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <header className="tab-page-header home-brand">
        <BrandMark size={34} />
        <h1 className="tab-page-title">{APP_TITLE}</h1>
      </header>
      <ComingSoon title={t('pages.home')} />
    </>
  );
}
