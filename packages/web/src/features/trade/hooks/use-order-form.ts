import { AssetSource, OrderStatus, type QuoteItem, type TimeInForce } from '@tradewind/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAlreadyReported, isApiError } from '../../../api/api-error';
import { useWalletBalance } from '../../../api/funds/get-wallet-balance';
import type { InstrumentRef } from '../../../api/market/instrument';
import { useLiveQuote } from '../../../api/realtime/use-live-quotes';
import { useUserInfo } from '../../../api/session/get-user-info';
import { type ValidationKey, validatePrice, validateQuantity } from '../../../components/form/validation';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import { formatMoney, formatPrice, formatQuotePrice } from '../../../lib/format-number';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { walletOfSource } from '../../../lib/trading/wallet-of-source';
import { TRADE_PERMISSION_APPROVED } from '../api/apply-trade-permission';
import { type OrderRequest, useCreateOrder } from '../api/create-order';
import { useHalfOrFull } from '../api/get-half-or-full';
import { useInstrumentQuote } from '../api/get-instrument-quote';
import { useTradingRules } from '../api/get-trading-rules';
import { useFuturesTick } from '../components/contract-month-field';
import { useEntryLevels } from '../components/entry-levels-fields';
import { useTwQuantityLabels } from '../components/tw-lot-mode';
import type { StopsKey } from '../i18n/use-stops-translation';
import { type TwLotMode, checkTwQuantity, twShares } from '../utils/entry-checks';
import { orderCosts } from '../utils/order-math';
import { useConversionRate } from './use-conversion-rate';

export type Direction = 0 | 1;
/** 0 market, 1 limit, 2 stop, 3 stop-limit. */
export type OrderType = 0 | 1 | 2 | 3;

export interface OrderFormErrors {
  price?: ValidationKey;
  triggerPrice?: ValidationKey;
  quantity?: ValidationKey | StopsKey;
}

/** A price of this instrument as its quote shows it: the sign where the language puts it ("278,82 $" in German). */
export function priceText(item: QuoteItem | undefined, value: number): string {
  if (!item) return formatPrice(value);
  return formatQuotePrice({ ...item, price_nominal: value });
}

/** What the order form shows and sends: the quote, the rules, the wallet, and the figures of the order as typed. */
function useOrderMarket(instrument: InstrumentRef) {
  const quote = useInstrumentQuote(instrument);
  const live = useLiveQuote(quote.data);
  const rules = useTradingRules(instrument.source, instrument.code);
  const wallet = walletOfSource(instrument.source);
  const balance = useWalletBalance(wallet.walletType, wallet.currency);
  const rate = useConversionRate(live?.currency, wallet.currency);
  // The profile says up front whether the user may trade (the stored copy may be stale: not trusted).
  const userInfo = useUserInfo();
  const permission = userInfo.isPlaceholderData ? undefined : userInfo.data?.tradePermission;
  return { quote, live, rules, wallet, available: balance.data?.available, rate, permission };
}

/** The fields the user fills in, and the errors shown under them. */
function useOrderFields(initialDirection: Direction) {
  const [direction, setDirection] = useState<Direction>(initialDirection);
  const [orderType, setOrderType] = useState<OrderType>(0);
  // Issue 20: a resting order lasts the day (what most brokers preselect) or until cancelled.
  const [timeInForce, setTimeInForce] = useState<TimeInForce>('DAY');
  const [price, setPrice] = useState('');
  const [triggerPrice, setTriggerPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [leverage, setLeverage] = useState(1);
  const [errors, setErrors] = useState<OrderFormErrors>({});
  // Issue 18: levels at entry, the futures month, and Taiwan's lot type chosen before the quantity.
  const levels = useEntryLevels();
  const [contract, setContract] = useState<string | undefined>(undefined);
  const [lotMode, setLotMode] = useState<TwLotMode>('board');
  const clearError = (field: keyof OrderFormErrors) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  return {
    direction,
    setDirection,
    orderType,
    setOrderType,
    timeInForce,
    setTimeInForce,
    price,
    setPrice,
    triggerPrice,
    setTriggerPrice,
    quantity,
    setQuantity,
    leverage,
    setLeverage,
    errors,
    setErrors,
    clearError,
    levels,
    contract,
    setContract,
    lotMode,
    setLotMode,
  };
}

/** State, derived figures and actions of the order page's form (SPEC §2 order pages, issues 18 and 20). */
export function useOrderForm(instrument: InstrumentRef, initialDirection: Direction) {
  const market = useOrderMarket(instrument);
  const fields = useOrderFields(initialDirection);
  const { live, rules, rate, available } = market;
  const { direction, orderType, price, triggerPrice, quantity, lotMode } = fields;
  const futures = instrument.source === AssetSource.Future;
  const taiwan = instrument.source === AssetSource.TwStock;
  const twLabels = useTwQuantityLabels(lotMode, quantity);
  const tick = useFuturesTick(instrument.code, futures);
  const shares = taiwan ? twShares(lotMode, quantity) : Number(quantity);

  const leverageMax = rules.data?.leverageMax ?? 1;
  const chosenLeverage = Math.min(fields.leverage, leverageMax);
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
  const short = costs !== undefined && available !== undefined && costs.total > available;

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
    ...fields.levels.body(),
    ...(futures && fields.contract ? { contract: fields.contract } : {}),
    ...(orderType !== 0 ? { timeInForce: fields.timeInForce } : {}),
  });

  const validate = (): boolean => {
    const found: OrderFormErrors = {};
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
    fields.setErrors(found);
    const levelsFine = fields.levels.check(direction, pricedAt, (value) => priceText(live, value), tick);
    return Object.keys(found).length === 0 && levelsFine;
  };

  const figures = { futures, taiwan, twLabels, shares, leverageMax, chosenLeverage, limited, stopped, limitPrice, pricedAt, costs, short };
  const sizing = useOrderSizing(instrument, fields, figures);
  const submission = useOrderSubmission(request, validate);
  const money = (value: number | undefined) => (value === undefined ? '--' : formatMoney(value, market.wallet.currency));
  return { instrument, ...market, ...fields, ...figures, ...sizing, ...submission, request, validate, money };
}

/** The half and full buttons: the server says how many fit the wallet at this leverage and price. */
function useOrderSizing(
  instrument: InstrumentRef,
  fields: Pick<ReturnType<typeof useOrderFields>, 'direction' | 'lotMode' | 'setQuantity' | 'clearError'>,
  figures: { taiwan: boolean; chosenLeverage: number; limitPrice: number | undefined },
) {
  const { t } = useTranslation();
  const halfOrFull = useHalfOrFull();
  const [sizing, setSizing] = useState<'half' | 'full' | null>(null);
  const onSize = async (which: 'half' | 'full') => {
    setSizing(which);
    try {
      const result = await halfOrFull({
        stockCode: instrument.code,
        source: instrument.source,
        market: instrument.market,
        direction: fields.direction,
        leverage: figures.chosenLeverage,
        price: figures.limitPrice,
      });
      const fits = which === 'half' ? result.half : result.full;
      // A board lot field counts lots: the shares that fit, in whole lots.
      const size = figures.taiwan && fields.lotMode === 'board' ? Math.floor(fits / 1000) : figures.taiwan ? Math.min(fits, 999) : fits;
      if (size > 0) {
        fields.setQuantity(String(size));
        fields.clearError('quantity');
      } else showToast(t('order.cannotAfford', { min: result.minCount }));
    } catch (error) {
      if (!isAlreadyReported(error)) showToast(error instanceof Error ? error.message : t('common.networkError'));
    } finally {
      setSizing(null);
    }
  };
  return { sizing, onSize };
}

/** Submitting asks for confirmation; confirming places the order once (idempotency key) and opens the trade tab. */
function useOrderSubmission(request: () => OrderRequest, validate: () => boolean) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const createOrder = useCreateOrder();
  const idempotency = useIdempotencyKey();
  const [confirming, setConfirming] = useState(false);
  /** The server's refusal for want of trading permission, shown with the way to apply. */
  const [permissionMessage, setPermissionMessage] = useState<string | null>(null);
  const [approved, setApproved] = useState(false);

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

  const onApproved = () => {
    setPermissionMessage(null);
    setApproved(true);
  };
  return { placing: createOrder.isPending, confirming, setConfirming, onSubmit, onConfirm, permissionMessage, approved, onApproved };
}

export type OrderForm = ReturnType<typeof useOrderForm>;

/** The permission notice shows for a refusal, or up front when the profile says trading is not approved. */
export function permissionMissing(form: Pick<OrderForm, 'approved' | 'permission'>): boolean {
  return !form.approved && form.permission !== undefined && form.permission !== TRADE_PERMISSION_APPROVED;
}
