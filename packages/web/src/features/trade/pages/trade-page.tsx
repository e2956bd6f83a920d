import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon';

/** The Trade tab (SPEC §2). Its content arrives with the market-data release; the tab already works. */
export function TradePage() {
  const { t } = useTranslation();
  return (
    <>
      <header className="tab-page-header">
        <h1 className="tab-page-title">{t('tabs.trade')}</h1>
      </header>
      <ComingSoon title={t('pages.trade')} />
    </>
  );
}
