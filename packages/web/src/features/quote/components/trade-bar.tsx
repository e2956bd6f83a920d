import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { type InstrumentRef, orderPath } from '../../../api/market/instrument';

/** Fixed Buy and Sell at the bottom of a tradable quote (SPEC §2 order pages, direction 0 / 1). */
export function TradeBar({ instrument }: { instrument: InstrumentRef }) {
  const { t } = useTranslation();
  return (
    <div className="trade-bar">
      <Link className="trade-button trade-button-buy" to={orderPath(instrument, 0)}>
        {t('quote.buy')}
      </Link>
      <Link className="trade-button trade-button-sell" to={orderPath(instrument, 1)}>
        {t('quote.sell')}
      </Link>
    </div>
  );
}
