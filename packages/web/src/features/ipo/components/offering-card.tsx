import type { IpoOffering } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { formatMoney, formatPrice } from '../../../lib/format-number';
import { IpoFigures } from './ipo-figures';

export const shareCount = (n: number) => formatPrice(n, 0);

/** One IPO of the new-stock list: its terms and dates, and the way to subscribe while it is open. */
export function OfferingCard({ offering, subscribeTo }: { offering: IpoOffering; subscribeTo?: string | undefined }) {
  const { t } = useTranslation();
  const figures = [
    { key: 'price', label: t('ipo.price'), value: formatMoney(offering.price, offering.currency) },
    { key: 'lot', label: t('ipo.lot'), value: t('ipo.sharesPerLot', { n: shareCount(offering.lotSize) }) },
    { key: 'lotAmount', label: t('ipo.lotAmount'), value: formatMoney(offering.lotAmount, offering.currency) },
    { key: 'offered', label: t('ipo.sharesOffered'), value: shareCount(offering.sharesOffered) },
    { key: 'end', label: t('ipo.purchaseEnd'), value: formatDate(offering.purchaseEndDate, DateFormat.dateTime) },
    { key: 'list', label: t('ipo.listDate'), value: formatDate(offering.listDate, DateFormat.date) },
  ];
  return (
    <article className="card order-card ipo-card" aria-label={`${offering.name} ${offering.stockCode}`}>
      <header className="position-head">
        <div className="position-names">
          <h2 className="position-name">{offering.name}</h2>
          <p className="position-meta">
            <span className="quote-header-code">{offering.stockCode}</span>
            <span className="ipo-market">{offering.market}</span>
          </p>
        </div>
        <span className={offering.status === 'open' ? 'status-pill status-pill-open' : 'status-pill'}>{t(`ipo.offeringStatus.${offering.status}`)}</span>
      </header>
      <IpoFigures figures={figures} label={offering.name} />
      {subscribeTo ? (
        <Link className="primary-pill ipo-card-action" to={subscribeTo}>
          {t('ipo.subscribe')}
        </Link>
      ) : null}
    </article>
  );
}
