import { AssetSource, BLOCK_TRADE_MIN_SHARES, type BlockOffer } from '@tradewind/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { isAlreadyReported } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/form/text-field';
import { LoadError } from '../../../components/load-error';
import { formatDate } from '../../../lib/format-date';
import { formatMoney, formatPrice, formatSignedPercent } from '../../../lib/format-number';
import { useWalletBalance } from '../../../api/funds/get-wallet-balance';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useUserInfo } from '../../../api/session/get-user-info';
import { useSession } from '../../../lib/session/use-session';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { validateQuantity } from '../../../components/form/validation';
import { useBuyBlock } from '../api/buy-block';
import { useBlockOffers } from '../api/get-block-offers';
import { useTradingRules } from '../api/get-trading-rules';
import { type Figure, FigureList } from '../components/figure-list';
import { orderCosts } from '../utils/order-math';

const PERMISSION_GRANTED = 3;
const PERMISSION_PENDING = 1;
/** Blocks are US stocks, priced in cents. */
const PRICE_DIGITS = 2;
const shareCount = (n: number) => formatPrice(n, 0);

/** The discount (negative) or premium of the desk's price against the live price. */
const discountOf = (offer: BlockOffer) => (offer.marketPrice > 0 ? ((offer.price - offer.marketPrice) / offer.marketPrice) * 100 : 0);

function OfferCard({ offer, onBuy }: { offer: BlockOffer; onBuy?: () => void }) {
  const { t } = useTranslation();
  const facts: Figure[] = [
    { key: 'price', label: t('blockTrade.blockPrice'), value: formatPrice(offer.price, PRICE_DIGITS) },
    { key: 'market', label: t('blockTrade.marketPrice'), value: formatPrice(offer.marketPrice, PRICE_DIGITS) },
    { key: 'discount', label: t('blockTrade.discount'), value: formatSignedPercent(discountOf(offer)) },
    { key: 'min', label: t('blockTrade.minQuantity'), value: shareCount(offer.minQuantity) },
    { key: 'left', label: t('blockTrade.remaining'), value: shareCount(offer.remainingQuantity) },
    { key: 'ends', label: t('blockTrade.ends'), value: formatDate(offer.endTimestamp) },
  ];
  return (
    <article className="card order-card block-offer" aria-label={`${offer.name} ${offer.stockCode}`}>
      <header className="position-head">
        <div className="position-names">
          <h2 className="position-name">{offer.name}</h2>
          <p className="position-meta">
            <span className="quote-header-code">{offer.stockCode}</span>
            <span className="block-offer-market">{offer.market}</span>
          </p>
        </div>
        <span className={offer.status === 'open' ? 'status-pill status-pill-open' : 'status-pill'}>{t(`blockTrade.status.${offer.status}`)}</span>
      </header>
      <FigureList figures={facts} label={offer.name} />
      {onBuy ? (
        <button type="button" className="primary-pill block-offer-buy" onClick={onBuy}>
          {t('blockTrade.buy')}
        </button>
      ) : null}
    </article>
  );
}

function BuyForm({ offer, onDone }: { offer: BlockOffer; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const rules = useTradingRules(AssetSource.Stock, offer.stockCode);
  const wallet = useWalletBalance('STOCK', 'USD');
  const buy = useBuyBlock();
  const [quantity, setQuantity] = useState(String(offer.minQuantity));
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  // One key per intended purchase: a retry after a lost answer buys once.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const shares = Number(quantity);
  const costs = rules.data
    ? orderCosts({ price: offer.price, quantity: shares, multiplier: 1, rate: 1, leverage: 1, feeRate: rules.data.feeRate, minFee: rules.data.minFee })
    : undefined;
  const money = (value: number | undefined) => (value === undefined ? '--' : formatMoney(value, 'USD'));
  const figures: Figure[] = [
    { key: 'notional', label: t('blockTrade.cost'), value: money(costs?.notional) },
    { key: 'fee', label: t('order.fee'), value: money(costs?.fee) },
    { key: 'total', label: t('blockTrade.total'), value: money(costs?.total), tone: 'strong' },
    { key: 'available', label: t('blockTrade.available'), value: money(wallet.data?.available) },
  ];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateQuantity(quantity);
    const problem = invalid
      ? t(invalid)
      : shares < offer.minQuantity
        ? t('blockTrade.belowMinimum', { min: shareCount(offer.minQuantity) })
        : shares > offer.remainingQuantity
          ? t('blockTrade.aboveRemaining', { max: shareCount(offer.remainingQuantity) })
          : undefined;
    setError(problem);
    if (!problem) setConfirming(true);
  };

  const onConfirm = () => {
    buy.mutate(
      { request: { offerId: offer.id, quantity: shares }, idempotencyKey },
      {
        onSuccess: () => {
          setConfirming(false);
          showSuccessToast(t('blockTrade.bought', { quantity: shareCount(shares), code: offer.stockCode }));
          onDone();
          navigate(`${paths.trade}?tab=positions`);
        },
        onError: (failure) => {
          setConfirming(false);
          if (!isAlreadyReported(failure)) showToast(failure.message);
        },
      },
    );
  };

  return (
    <form className="card order-card" onSubmit={onSubmit} noValidate aria-label={t('blockTrade.formTitle', { code: offer.stockCode })}>
      <h2 className="section-title">{t('blockTrade.formTitle', { code: offer.stockCode })}</h2>
      <TextField
        label={t('blockTrade.quantity')}
        name="quantity"
        inputMode="numeric"
        value={quantity}
        onChange={(value) => {
          setQuantity(value);
          setError(undefined);
        }}
        error={error}
      />
      <FigureList figures={figures} label={t('blockTrade.formTitle', { code: offer.stockCode })} />
      <p className="form-hint">{t('blockTrade.notice', { min: shareCount(BLOCK_TRADE_MIN_SHARES) })}</p>
      <div className="block-form-actions">
        <button type="button" className="text-button" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="trade-button trade-button-buy" disabled={buy.isPending}>
          {t('blockTrade.buy')}
        </button>
      </div>
      <ConfirmDialog
        visible={confirming}
        title={t('blockTrade.confirmTitle')}
        confirmText={t('blockTrade.buy')}
        busy={buy.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      >
        <p className="confirm-headline">
          {t('blockTrade.confirmText', { quantity: shareCount(shares), code: offer.stockCode, price: formatPrice(offer.price, PRICE_DIGITS) })}
        </p>
        <FigureList figures={figures.slice(0, 3)} />
      </ConfirmDialog>
    </form>
  );
}

/** Without block-trading permission the offers are shown, and the way to apply instead of a buy button. */
function PermissionBanner({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <section className="card notice-card" role="note">
      <p className="notice-text">{status === PERMISSION_PENDING ? t('order.permissionUnderReview') : t('blockTrade.permissionRequired')}</p>
      {status === PERMISSION_PENDING ? null : (
        <Link className="primary-pill notice-action" to={paths.kyc}>
          {t('blockTrade.apply')}
        </Link>
      )}
    </section>
  );
}

/** `/pages/product/blocktrade` (SPEC §5): blocks of at least 10,000 shares at the desk's price, one order each. */
export function BlockTradePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const user = useUserInfo();
  const offers = useBlockOffers();
  const [buying, setBuying] = useState<number | undefined>();
  const permission = user.data?.blockTradePermission;
  const mayBuy = token !== null && permission === PERMISSION_GRANTED;

  if (offers.isError && !offers.data) return <LoadError onRetry={() => void offers.refetch()} />;
  const selected = offers.data?.find((offer) => offer.id === buying && offer.status === 'open');
  return (
    <div className="order-page">
      <p className="section-hint">{t('blockTrade.notice', { min: shareCount(BLOCK_TRADE_MIN_SHARES) })}</p>
      {!token ? (
        <section className="card notice-card" role="note">
          <p className="notice-text">{t('blockTrade.loginToBuy')}</p>
          <Link className="primary-pill notice-action" to={paths.login}>
            {t('pages.login')}
          </Link>
        </section>
      ) : permission !== undefined && permission !== PERMISSION_GRANTED ? (
        <PermissionBanner status={permission} />
      ) : null}
      {selected ? <BuyForm key={selected.id} offer={selected} onDone={() => setBuying(undefined)} /> : null}
      {offers.data === undefined ? (
        <div className="page-status" role="status">
          <span className="page-status-text">{t('common.loading')}</span>
        </div>
      ) : offers.data.length === 0 ? (
        <p className="list-empty">{t('blockTrade.empty')}</p>
      ) : (
        offers.data.map((offer) => (
          <OfferCard key={offer.id} offer={offer} onBuy={mayBuy && offer.status === 'open' && offer.id !== buying ? () => setBuying(offer.id) : undefined} />
        ))
      )}
    </div>
  );
}
