import { AssetSource, OrderStatus, type QuoteItem, type TimeInForce, type TradingRules } from '@tradewind/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isAlreadyReported, isApiError } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/form/text-field';
import { LoadError } from '../../../components/load-error';
import { type SegmentOption, SegmentedControl } from '../../../components/segmented-control';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import { useWalletBalance } from '../../../api/funds/get-wallet-balance';
import { formatMoney, formatPrice, formatQuotePrice } from '../../../lib/format-number';
import { type InstrumentRef, instrumentFromSearch } from '../../../api/market/instrument';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useLiveQuote } from '../../../api/realtime/use-live-quotes';
import { useUserInfo } from '../../../api/session/get-user-info';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { walletOfSource } from '../../../lib/trading/wallet-of-source';
import { type ValidationKey, validatePrice, validateQuantity } from '../../../components/form/validation';
import { TRADE_PERMISSION_APPROVED, TRADE_PERMISSION_PENDING } from '../api/apply-trade-permission';
import { type OrderRequest, useCreateOrder } from '../api/create-order';
import { useHalfOrFull } from '../api/get-half-or-full';
import { useInstrumentQuote } from '../api/get-instrument-quote';
import { useTradingRules } from '../api/get-trading-rules';
import { type Figure, FigureList } from '../components/figure-list';
import { OrderFunding } from '../components/order-funding';
import { OrderQuoteCard, OrderQuoteSkeleton } from '../components/order-quote-card';
import { PermissionNotice } from '../components/permission-notice';
import { OrderRiskPreview } from '../components/position-risk';
import { useConversionRate } from '../hooks/use-conversion-rate';
import { type StopsKey, useStopsTranslation } from '../i18n/use-stops-translation';
import { leverageChoices, orderCosts } from '../utils/order-math';
import { PriceSourceLabel } from '../../../components/quote/price-source-label';
import { ContractMonthField, useFuturesTick } from '../components/contract-month-field';
import { EntryLevelsFields, useEntryLevels } from '../components/entry-levels-fields';
import { TwLotModeControl, useTwQuantityLabels } from '../components/tw-lot-mode';
import { TimeInForceField, useTimeInForceName } from '../components/time-in-force-field';
import { type TwLotMode, checkTwQuantity, twShares } from '../utils/entry-checks';

type OrderKind = 'stock' | 'future' | 'forex';
type Direction = 0 | 1;
/** 0 market, 1 limit, 2 stop, 3 stop-limit. */
type OrderType = 0 | 1 | 2 | 3;

/** The query of SPEC §2 order pages (name, code, source, direction); the route fixes futures and forex. */
function orderFromSearch(search: URLSearchParams, kind: OrderKind): { instrument: InstrumentRef; direction: Direction } | null {
  const source = kind === 'future' ? String(AssetSource.Future) : kind === 'forex' ? String(AssetSource.Forex) : search.get('source');
  const params = new URLSearchParams(search);
  params.set('source', source ?? String(AssetSource.Stock));
  const instrument = instrumentFromSearch(params);
  if (!instrument) return null;
  return { instrument, direction: search.get('direction') === '1' ? 1 : 0 };
}

/** Index points and exchange rates have no currency sign (SPEC §9); other prices are in $ or NT$. */
/** A price of this instrument as its quote shows it: the sign where the language puts it ("278,82 $" in German). */
function priceText(item: QuoteItem | undefined, value: number): string {
  if (!item) return formatPrice(value);
  return formatQuotePrice({ ...item, price_nominal: value });
}

interface FormErrors {
  price?: ValidationKey;
  triggerPrice?: ValidationKey;
  quantity?: ValidationKey | StopsKey;
}

function OrderForm({ instrument, initialDirection }: { instrument: InstrumentRef; initialDirection: Direction }) {
  const { t } = useTranslation();
  const { t: ts } = useStopsTranslation();
  const navigate = useAppNavigate();
  const quote = useInstrumentQuote(instrument);
  const live = useLiveQuote(quote.data);
  const rules = useTradingRules(instrument.source, instrument.code);
  const wallet = walletOfSource(instrument.source);
  const balance = useWalletBalance(wallet.walletType, wallet.currency);
  const rate = useConversionRate(live?.currency, wallet.currency);
  const createOrder = useCreateOrder();
  const halfOrFull = useHalfOrFull();
  const idempotency = useIdempotencyKey();

  const [direction, setDirection] = useState<Direction>(initialDirection);
  const [orderType, setOrderType] = useState<OrderType>(0);
  // Issue 20: a resting order lasts the day (what most brokers preselect) or until cancelled.
  const [timeInForce, setTimeInForce] = useState<TimeInForce>('DAY');
  const timeInForceName = useTimeInForceName();
  const [price, setPrice] = useState('');
  const [triggerPrice, setTriggerPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [leverage, setLeverage] = useState(1);
  const [errors, setErrors] = useState<FormErrors>({});
  // Issue 18: levels at entry, the futures month, and Taiwan's lot type chosen before the quantity.
  const levels = useEntryLevels();
  const futures = instrument.source === AssetSource.Future;
  const taiwan = instrument.source === AssetSource.TwStock;
  const [contract, setContract] = useState<string | undefined>(undefined);
  const [lotMode, setLotMode] = useState<TwLotMode>('board');
  const twLabels = useTwQuantityLabels(lotMode, quantity);
  const tick = useFuturesTick(instrument.code, futures);
  const shares = taiwan ? twShares(lotMode, quantity) : Number(quantity);
  const [confirming, setConfirming] = useState(false);
  const [sizing, setSizing] = useState<'half' | 'full' | null>(null);
  /** The server's refusal for want of trading permission, shown with the way to apply. */
  const [permissionMessage, setPermissionMessage] = useState<string | null>(null);
  const [approved, setApproved] = useState(false);
  // The profile says up front whether the user may trade (the stored copy may be stale: not trusted).
  const userInfo = useUserInfo();
  const permission = userInfo.isPlaceholderData ? undefined : userInfo.data?.tradePermission;
  const permissionMissing = !approved && permission !== undefined && permission !== TRADE_PERMISSION_APPROVED;

  const leverageMax = rules.data?.leverageMax ?? 1;
  const chosenLeverage = Math.min(leverage, leverageMax);
  const limited = orderType === 1 || orderType === 3;
  const stopped = orderType === 2 || orderType === 3;
  const limitPrice = limited && !validatePrice(price) ? Number(price) : undefined;
  const trigger = stopped && !validatePrice(triggerPrice) ? Number(triggerPrice) : undefined;
  // What the server holds: a limit (or stop-limit) at its limit, a stop at its trigger, a market order at the quote.
  const pricedAt = limited ? limitPrice : orderType === 2 ? trigger : live?.price_nominal;
  const costs = useMemo(
    () =>
      rules.data && rate !== undefined && pricedAt !== undefined
        ? orderCosts({
            price: pricedAt,
            quantity: shares,
            multiplier: rules.data.multiplier,
            rate,
            leverage: chosenLeverage,
            feeRate: rules.data.feeRate,
            minFee: rules.data.minFee,
          })
        : undefined,
    [rules.data, rate, pricedAt, shares, chosenLeverage],
  );
  const available = balance.data?.available;
  const short = costs !== undefined && available !== undefined && costs.total > available;

  const clearError = (field: keyof FormErrors) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });

  const request = (): OrderRequest => ({
    code: live?.stock_code ?? instrument.code,
    name: live?.name ?? instrument.name,
    source: instrument.source,
    market: instrument.market,
    direction,
    orderType,
    ...(limited ? { price: Number(price) } : {}),
    ...(stopped ? { triggerPrice: Number(triggerPrice) } : {}),
    quantity: shares,
    leverage: chosenLeverage,
    ...levels.body(),
    ...(futures && contract ? { contract } : {}),
    ...(orderType !== 0 ? { timeInForce } : {}),
  });

  const onSize = async (which: 'half' | 'full') => {
    setSizing(which);
    try {
      const result = await halfOrFull({
        stockCode: instrument.code,
        source: instrument.source,
        market: instrument.market,
        direction,
        leverage: chosenLeverage,
        price: limitPrice,
      });
      const fits = which === 'half' ? result.half : result.full;
      // A board lot field counts lots: the shares that fit, in whole lots.
      const size = taiwan && lotMode === 'board' ? Math.floor(fits / 1000) : taiwan ? Math.min(fits, 999) : fits;
      if (size > 0) {
        setQuantity(String(size));
        clearError('quantity');
      } else showToast(t('order.cannotAfford', { min: result.minCount }));
    } catch (error) {
      if (!isAlreadyReported(error)) showToast(error instanceof Error ? error.message : t('common.networkError'));
    } finally {
      setSizing(null);
    }
  };

  const validate = (): boolean => {
    const found: FormErrors = {};
    const quantityError = taiwan ? checkTwQuantity(lotMode, quantity) : validateQuantity(quantity);
    if (quantityError) found.quantity = quantityError;
    if (limited) {
      const priceError = validatePrice(price);
      if (priceError) found.price = priceError;
    }
    if (stopped) {
      const triggerError = validatePrice(triggerPrice);
      if (triggerError) found.triggerPrice = triggerError;
    }
    setErrors(found);
    const levelsFine = levels.check(direction, pricedAt, (value) => priceText(live, value), tick);
    return Object.keys(found).length === 0 && levelsFine;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (validate()) setConfirming(true);
  };

  const onConfirm = () => {
    const order = request();
    // Same order as the last unanswered attempt: same key, so the server places it at most once.
    const idempotencyKey = idempotency.keyFor(order);
    createOrder.mutate(
      { order, idempotencyKey },
      {
        onSuccess: (placed) => {
          idempotency.complete();
          setConfirming(false);
          const filled = placed.status === OrderStatus.Success;
          showSuccessToast(filled ? t('order.filled') : t('order.placed'));
          navigate(`${paths.trade}?tab=${filled ? 'positions' : 'orders'}`);
        },
        onError: (error) => {
          setConfirming(false);
          if (isApiError(error) && error.kind === 'server' && error.code === 403) {
            setPermissionMessage(error.message);
            return;
          }
          if (!isAlreadyReported(error)) showToast(error.message);
        },
      },
    );
  };

  const directions: SegmentOption<Direction>[] = [
    { value: 0, label: t('trade.buyUp'), activeClassName: 'segment-up' },
    { value: 1, label: t('trade.buyDown'), activeClassName: 'segment-down' },
  ];
  const orderTypes: SegmentOption<OrderType>[] = [
    { value: 0, label: t('order.market') },
    { value: 1, label: t('order.limit') },
    { value: 2, label: ts('type.stop') },
    { value: 3, label: ts('type.stopLimit') },
  ];
  const typeLabel = { 0: t('order.market'), 1: t('order.limit'), 2: ts('type.stop'), 3: ts('type.stopLimit') }[orderType];
  const stopHint = orderType === 2 ? ts(direction === 0 ? 'hint.stopBuy' : 'hint.stopSell') : ts(direction === 0 ? 'hint.stopLimitBuy' : 'hint.stopLimitSell');
  const leverages = leverageChoices(leverageMax).map((value) => ({ value, label: `${value}×` }));
  const money = (value: number | undefined) => (value === undefined ? '--' : formatMoney(value, wallet.currency));
  const directionLabel = direction === 0 ? t('trade.buyUp') : t('trade.buyDown');

  const preview: Figure[] = [
    {
      key: 'price',
      label: limited ? t('order.limitPrice') : orderType === 2 ? ts('triggerPrice') : t('order.estimatedPrice'),
      value: pricedAt === undefined ? '--' : priceText(live, pricedAt),
    },
    { key: 'notional', label: t('order.notional'), value: money(costs?.notional), testId: 'preview-notional' },
    { key: 'margin', label: t('order.margin'), value: money(costs?.margin), testId: 'preview-margin' },
    { key: 'fee', label: t('order.fee'), value: money(costs?.fee), testId: 'preview-fee' },
    { key: 'total', label: t('order.total'), value: money(costs?.total), tone: 'strong', testId: 'preview-total' },
    {
      key: 'available',
      label: t('order.available', { wallet: t(`wallets.${wallet.walletType}`) }),
      value: money(available),
      tone: short ? 'warning' : undefined,
      testId: 'preview-available',
    },
  ];

  return (
    <form className="order-page" onSubmit={onSubmit} noValidate>
      {live ? <OrderQuoteCard item={live} /> : quote.isError ? <LoadError onRetry={() => void quote.refetch()} /> : <OrderQuoteSkeleton />}
      <PriceSourceLabel asOf={live?.currencyUsDatetime} />

      {permissionMessage || permissionMissing ? (
        <PermissionNotice
          message={permissionMessage ?? t('order.permissionRequired')}
          pending={!permissionMessage && permission === TRADE_PERMISSION_PENDING}
          onApproved={() => {
            setPermissionMessage(null);
            setApproved(true);
          }}
        />
      ) : null}

      <section className="card order-card">
        <SegmentedControl label={t('order.direction')} options={directions} value={direction} onChange={setDirection} className="segmented-direction" />
        {futures ? <ContractMonthField root={instrument.code} value={contract} onChange={(picked) => setContract(picked.stock_code)} /> : null}
        {/* Four types: the choices take the full width under their label, like the leverage. */}
        <div className="order-leverage">
          <span className="field-label">{t('order.type')}</span>
          <SegmentedControl
            label={t('order.type')}
            options={orderTypes}
            value={orderType}
            onChange={(value) => {
              setOrderType(value);
              clearError('price');
              clearError('triggerPrice');
            }}
            className="segmented-small"
          />
        </div>
        {stopped ? (
          <TextField
            label={ts('triggerPrice')}
            name="triggerPrice"
            inputMode="decimal"
            value={triggerPrice}
            placeholder={live ? live.price_nominal.toFixed(live.precision) : ''}
            onChange={(value) => {
              setTriggerPrice(value);
              clearError('triggerPrice');
            }}
            error={errors.triggerPrice ? t(errors.triggerPrice) : undefined}
          />
        ) : null}
        {stopped ? <p className="form-hint">{stopHint}</p> : null}
        {limited ? (
          <TextField
            label={t('order.limitPrice')}
            name="price"
            inputMode="decimal"
            value={price}
            // What the field takes (digits and a point), not a display figure: no grouping, no German comma.
            placeholder={live ? live.price_nominal.toFixed(live.precision) : ''}
            onChange={(value) => {
              setPrice(value);
              clearError('price');
            }}
            error={errors.price ? t(errors.price) : undefined}
          />
        ) : null}
        {orderType !== 0 ? <TimeInForceField value={timeInForce} onChange={setTimeInForce} /> : null}
        {taiwan ? (
          <TwLotModeControl
            mode={lotMode}
            onChange={(mode) => {
              setLotMode(mode);
              setQuantity('');
              clearError('quantity');
            }}
          />
        ) : null}
        <TextField
          label={taiwan ? twLabels.label : t('order.quantity')}
          name="quantity"
          inputMode="numeric"
          value={quantity}
          onChange={(value) => {
            setQuantity(value);
            clearError('quantity');
          }}
          error={errors.quantity ? (errors.quantity.startsWith('entry.') ? ts(errors.quantity as StopsKey) : t(errors.quantity as ValidationKey)) : undefined}
          suffix={
            <span className="field-actions">
              <button type="button" className="field-chip" onClick={() => void onSize('half')} disabled={sizing !== null}>
                {t('order.half')}
              </button>
              <button type="button" className="field-chip" onClick={() => void onSize('full')} disabled={sizing !== null}>
                {t('order.full')}
              </button>
            </span>
          }
        />
        {taiwan && twLabels.total ? (
          <p className="form-hint" data-testid="tw-shares">
            {twLabels.total}
          </p>
        ) : null}
        <RulesHint rules={rules.data} />
        <div className="order-leverage">
          <span className="field-label">{t('order.leverage')}</span>
          <SegmentedControl label={t('order.leverage')} options={leverages} value={chosenLeverage} onChange={setLeverage} className="segmented-chips" />
        </div>
        <EntryLevelsFields levels={levels} placeholder={live ? live.price_nominal.toFixed(live.precision) : ''} />
      </section>

      <section className="card order-card" aria-label={t('order.preview')}>
        <h2 className="card-title">{t('order.preview')}</h2>
        <FigureList figures={preview} label={t('order.preview')} />
        <OrderRiskPreview input={{ direction, price: pricedAt, quantity: Number(quantity), leverage: chosenLeverage, rate, rules: rules.data }} precision={live?.precision ?? 2} />
        {short ? <p className="order-warning">{t('order.insufficient')}</p> : null}
      </section>
      {short && costs && available !== undefined ? (
        <OrderFunding
          wallet={wallet}
          cost={costs.total}
          available={available}
          market={orderType === 0}
          order={() => (validate() ? request() : null)}
          headline={t('order.confirmLine', { direction: directionLabel, quantity, name: live?.name ?? instrument.name })}
        />
      ) : null}

      <div className="order-submit-bar">
        <button type="submit" className={direction === 0 ? 'trade-button trade-button-buy' : 'trade-button trade-button-sell'} disabled={createOrder.isPending}>
          {directionLabel}
        </button>
      </div>

      <ConfirmDialog
        visible={confirming}
        title={t('order.confirmTitle')}
        confirmText={t('order.confirmSubmit')}
        busy={createOrder.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      >
        <div className="confirm-summary">
          <p className="confirm-headline">
            {t('order.confirmLine', {
              direction: directionLabel,
              quantity: taiwan ? String(shares) : quantity,
              name: live?.name ?? instrument.name,
            })}
          </p>
          <FigureList
            figures={[
              {
                key: 'type',
                label: t('order.type'),
                value: [typeLabel, stopped ? `${ts('trigger')} ${priceText(live, Number(triggerPrice))}` : '', limited ? `${ts('limitPrice')} ${priceText(live, Number(price))}` : '']
                  .filter(Boolean)
                  .join(' · '),
              },
              ...(orderType !== 0 ? [{ key: 'timeInForce', label: ts('tif.label'), value: timeInForceName(timeInForce) ?? '' }] : []),
              ...(futures && contract ? [{ key: 'contract', label: ts('entry.contract'), value: contract }] : []),
              ...(levels.takeProfit.trim() ? [{ key: 'takeProfit', label: ts('tpsl.takeProfit'), value: priceText(live, Number(levels.takeProfit)) }] : []),
              ...(levels.stopLoss.trim() ? [{ key: 'stopLoss', label: ts('tpsl.stopLoss'), value: priceText(live, Number(levels.stopLoss)) }] : []),
              { key: 'leverage', label: t('order.leverage'), value: `${chosenLeverage}×` },
              { key: 'margin', label: t('order.margin'), value: money(costs?.margin) },
              { key: 'fee', label: t('order.fee'), value: money(costs?.fee) },
            ]}
          />
          <OrderRiskPreview input={{ direction, price: pricedAt, quantity: Number(quantity), leverage: chosenLeverage, rate, rules: rules.data }} precision={live?.precision ?? 2} testIdPrefix="confirm" />
        </div>
      </ConfirmDialog>
    </form>
  );
}

function RulesHint({ rules }: { rules: TradingRules | undefined }) {
  const { t } = useTranslation();
  if (!rules) return null;
  return (
    <p className="form-hint">
      {t('order.rulesHint', { min: rules.minCount, step: rules.step, max: rules.leverageMax })}
      {rules.multiplier !== 1 ? ` · ${t('order.multiplierHint', { n: rules.multiplier })}` : ''}
    </p>
  );
}

function OrderRoute({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const parsed = useMemo(() => orderFromSearch(search, kind), [search, kind]);
  if (!parsed) {
    return (
      <div className="page-status" role="alert">
        <p className="page-status-text">{t('quote.notFound')}</p>
        <Link className="text-button" to={paths.market}>
          {t('watchlist.browseMarket')}
        </Link>
      </div>
    );
  }
  const { instrument, direction } = parsed;
  return <OrderForm key={`${instrument.source}:${instrument.code}:${direction}`} instrument={instrument} initialDirection={direction} />;
}

/** SPEC §2 order pages: stocks (and Taiwan stocks, indices), futures, forex. */
export const StockOrderPage = () => <OrderRoute kind="stock" />;
export const FutureOrderPage = () => <OrderRoute kind="future" />;
export const ForexOrderPage = () => <OrderRoute kind="forex" />;
