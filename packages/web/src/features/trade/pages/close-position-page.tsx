import type { Position, TradingRules } from '@tradewind/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../lib/router/router';
import { isAlreadyReported } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/form/text-field';
import { LoadError } from '../../../components/load-error';
import { formatMoney, formatPrice, formatSignedPercent, trendOf } from '../../../lib/format-number';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { type ValidationKey, validateQuantity } from '../../../components/form/validation';
import { useClosePosition } from '../api/close-position';
import { useInstrumentQuote } from '../api/get-instrument-quote';
import { usePositions } from '../api/get-positions';
import { useTradingRules } from '../api/get-trading-rules';
import { DirectionBadge } from '../components/direction-badge';
import { type Figure, FigureList } from '../components/figure-list';
import { priceDigits } from '../components/position-card';
import { PositionRiskLine } from '../components/position-risk';
import { TpSlCard } from '../components/tp-sl-card';
import { useConversionRate } from '../hooks/use-conversion-rate';
import { closeEstimate, halfQuantity } from '../utils/order-math';
import { PriceSourceLabel } from '../../../components/quote/price-source-label';

/** What closing this many would bring at the last price (the server's arithmetic; NaN until the rate is known). */
function estimateClose(position: Position, rules: TradingRules, quantity: number, rate: number | undefined) {
  return closeEstimate({
    direction: position.direction,
    openPrice: position.openPrice,
    positionNum: position.positionNum,
    margin: position.isolatedPosition,
    nowPrice: position.nowPrice,
    quantity,
    multiplier: rules.multiplier,
    rate: rate ?? Number.NaN,
    feeRate: rules.feeRate,
    minFee: rules.minFee,
  });
}

/** The position as it stands: size, prices, leverage, margin, floating profit and its risk. */
function PositionFactsCard({ position, money }: { position: Position; money: (value: number | undefined, signed?: boolean) => string }) {
  const { t } = useTranslation();
  const digits = Math.max(priceDigits(position.openPrice), priceDigits(position.nowPrice));
  const facts: Figure[] = [
    { key: 'quantity', label: t('trade.quantity'), value: position.positionNum },
    { key: 'open', label: t('closePosition.openPrice'), value: formatPrice(position.openPrice, digits) },
    { key: 'now', label: t('closePosition.nowPrice'), value: formatPrice(position.nowPrice, digits), testId: 'close-now-price' },
    { key: 'leverage', label: t('order.leverage'), value: `${position.leverage}×` },
    { key: 'margin', label: t('trade.margin'), value: money(position.isolatedPosition) },
    {
      key: 'profit',
      label: t('closePosition.floatingProfit'),
      value: `${money(position.profit, true)} (${formatSignedPercent(position.zdf)})`,
      tone: trendOf(position.profit),
      testId: 'close-floating-profit',
    },
  ];
  return (
  <section className="card order-card" aria-label={position.name}>
    <header className="position-head">
      <div className="position-names">
        <h2 className="position-name">{position.name}</h2>
        <p className="position-meta">
          <span className="quote-header-code">{position.stockCode}</span>
          <DirectionBadge direction={position.direction} />
        </p>
      </div>
    </header>
    <FigureList figures={facts} label={position.name} />
    <PositionRiskLine position={position} />
  </section>
  );
}

function CloseForm({ position, close }: { position: Position; close: ReturnType<typeof useClosePosition> }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const rules = useTradingRules(position.source, position.stockCode);
  const quote = useInstrumentQuote({ code: position.stockCode, source: position.source, market: position.market || undefined });
  const rate = useConversionRate(quote.data?.currency, position.currency);
  const [quantity, setQuantity] = useState(String(position.positionNum));
  const [error, setError] = useState<ValidationKey | 'tooMany' | undefined>();
  const [confirming, setConfirming] = useState(false);

  const step = rules.data?.step ?? 1;
  const half = halfQuantity(position.positionNum, step);
  const closing = Number(quantity);
  const estimate = rules.data && Number.isInteger(closing) ? estimateClose(position, rules.data, closing, rate) : undefined;
  const money = (value: number | undefined, signed = false) => (value === undefined ? '--' : formatMoney(value, position.currency, { signed }));

  const choose = (value: number) => {
    setQuantity(String(value));
    setError(undefined);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateQuantity(quantity);
    const found = invalid ?? (closing > position.positionNum ? 'tooMany' : undefined);
    setError(found);
    if (!found) setConfirming(true);
  };

  const onConfirm = () => {
    const all = closing === position.positionNum;
    close.mutate(
      { id: position.id, ...(all ? {} : { quantity: closing }) },
      {
        onSuccess: () => {
          setConfirming(false);
          showSuccessToast(all ? t('closePosition.closedAll') : t('closePosition.closedPart', { quantity: closing }));
          navigate(`${paths.trade}?tab=positions`);
        },
        onError: (failure) => {
          setConfirming(false);
          if (!isAlreadyReported(failure)) showToast(failure.message);
        },
      },
    );
  };

  const outcome: Figure[] = [
    { key: 'profit', label: t('closePosition.estimatedProfit'), value: money(estimate?.profit, true), tone: trendOf(estimate?.profit), testId: 'close-estimated-profit' },
    { key: 'fee', label: t('order.fee'), value: money(estimate?.fee) },
    { key: 'proceeds', label: t('closePosition.proceeds'), value: money(estimate?.proceeds), tone: 'strong', testId: 'close-proceeds' },
  ];
  const errorText = error === 'tooMany' ? t('closePosition.tooMany', { max: position.positionNum }) : error ? t(error) : undefined;

  return (
    <form className="order-page" onSubmit={onSubmit} noValidate>
      <PositionFactsCard position={position} money={money} />
      <PriceSourceLabel asOf={quote.data?.currencyUsDatetime} />

      <TpSlCard position={position} />

      <section className="card order-card">
        <TextField
          label={t('closePosition.quantity')}
          name="quantity"
          inputMode="numeric"
          value={quantity}
          onChange={(value) => {
            setQuantity(value);
            setError(undefined);
          }}
          error={errorText}
          suffix={
            <span className="field-actions">
              <button type="button" className="field-chip" onClick={() => choose(half)} disabled={half <= 0}>
                {t('order.half')}
              </button>
              <button type="button" className="field-chip" onClick={() => choose(position.positionNum)}>
                {t('closePosition.all')}
              </button>
            </span>
          }
        />
        <FigureList figures={outcome} label={t('closePosition.estimate')} />
        <p className="form-hint">{t('closePosition.estimateHint')}</p>
      </section>

      <div className="order-submit-bar">
        <button type="submit" className="trade-button trade-button-close" disabled={close.isPending}>
          {t('closePosition.submit')}
        </button>
      </div>

      <ConfirmDialog
        visible={confirming}
        title={t('closePosition.confirmTitle')}
        confirmText={t('closePosition.submit')}
        danger
        busy={close.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      >
        <p className="confirm-headline">{t('closePosition.confirmText', { quantity: closing, total: position.positionNum, name: position.name })}</p>
        <FigureList figures={outcome} />
      </ConfirmDialog>
    </form>
  );
}

/** SPEC §2 `/pages/payment/close?id=…`: close all or part of an open position at market. */
export function ClosePositionPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const positions = usePositions();
  const close = useClosePosition();
  const found = positions.data?.find((item) => item.id === id);
  // The private channel can report the position closed before the close call answers: the form
  // stays (with the last figures) until that answer takes the user to the Trade tab.
  const lastSeen = useRef<Position | undefined>(undefined);
  if (found) lastSeen.current = found;
  const closing = close.isPending || close.isSuccess;
  const position = found ?? (closing ? lastSeen.current : undefined);
  if (position) return <CloseForm key={position.id} position={position} close={close} />;
  if (positions.isError && !positions.data) return <LoadError onRetry={() => void positions.refetch()} />;
  if (!positions.data) {
    return (
      <div className="page-status" role="status">
        <span className="page-status-text">{t('common.loading')}</span>
      </div>
    );
  }
  return (
    <div className="page-status" role="alert">
      <p className="page-status-text">{t('closePosition.notFound')}</p>
      <Link className="text-button" to={`${paths.trade}?tab=history`}>
        {t('closePosition.toHistory')}
      </Link>
    </div>
  );
}
