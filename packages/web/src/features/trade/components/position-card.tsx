import type { Position } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { usePriceFlash } from '../../../hooks/use-price-flash';
import { paths } from '../../../lib/paths';
import { formatMoney, formatPrice, formatSignedPercent, trendOf } from '../../../lib/format-number';
import { useStopsTranslation } from '../i18n/use-stops-translation';
import { DirectionBadge } from './direction-badge';
import { PositionRiskLine } from './position-risk';
import { PositionContract } from './position-contract';

/** The close page of a position (SPEC §2 `/pages/payment/close`). */
export function closePath(id: number): string {
  return `${paths.orderClose}?id=${id}`;
}

/** Prices of forex and indices have more or fewer decimals than money: up to 5, at least 2. */
export function priceDigits(value: number): number {
  const decimals = String(value).split('.')[1]?.length ?? 0;
  return Math.min(Math.max(decimals, 2), 5);
}

/** One open position: what, which way, how much, where it opened and is now, and its live profit. */
export function PositionCard({ position, onAddMargin }: { position: Position; onAddMargin: (position: Position) => void }) {
  const { t } = useTranslation();
  const { t: ts } = useStopsTranslation();
  const trend = trendOf(position.profit);
  const flash = usePriceFlash(position.nowPrice);
  const digits = Math.max(priceDigits(position.openPrice), priceDigits(position.nowPrice));
  return (
    <article className="card position-card" aria-label={`${position.name} ${position.stockCode}`} data-position-id={position.id}>
      <header className="position-head">
        <div className="position-names">
          <h3 className="position-name">{position.name}</h3>
          <p className="position-meta">
            <span className="quote-header-code">{position.stockCode}</span>
            <DirectionBadge direction={position.direction} />
            <span className="leverage-badge">{position.leverage}×</span>
          </p>
        </div>
        <div className={`position-profit trend-${trend}`}>
          <span className="position-profit-amount tabular" data-testid="position-profit">
            {formatMoney(position.profit, position.currency, { signed: true })}
          </span>
          <span className="position-profit-ratio tabular" data-testid="position-ratio">
            {formatSignedPercent(position.zdf)}
          </span>
        </div>
      </header>
      <dl className="position-facts">
        <div>
          <dt>{t('trade.quantity')}</dt>
          <dd className="tabular" data-testid="position-quantity">
            {position.positionNum}
          </dd>
        </div>
        <div>
          <dt>{t('trade.openToNow')}</dt>
          <dd className="tabular">
            {formatPrice(position.openPrice, digits)} →{' '}
            <span className={flash ? `flash-${flash}` : undefined} data-testid="position-now-price">
              {formatPrice(position.nowPrice, digits)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('trade.margin')}</dt>
          <dd className="tabular">{formatMoney(position.isolatedPosition, position.currency)}</dd>
        </div>
        {position.contract ? <PositionContract contract={position.contract} expires={position.expiresTimestamp} /> : null}
        {position.takeProfit !== null || position.stopLoss !== null ? (
          <div>
            <dt>
              {ts('tpsl.takeProfit')} / {ts('tpsl.stopLoss')}
            </dt>
            <dd className="tabular" data-testid="position-tpsl">
              {position.takeProfit === null ? '--' : formatPrice(position.takeProfit, priceDigits(position.takeProfit))} /{' '}
              {position.stopLoss === null ? '--' : formatPrice(position.stopLoss, priceDigits(position.stopLoss))}
            </dd>
          </div>
        ) : null}
      </dl>
      <PositionRiskLine position={position} />
      <footer className="position-actions">
        <button type="button" className="secondary-pill small-pill" onClick={() => onAddMargin(position)}>
          {t('trade.addMargin')}
        </button>
        <Link className="primary-pill small-pill" to={closePath(position.id)}>
          {t('trade.close')}
        </Link>
      </footer>
    </article>
  );
}
