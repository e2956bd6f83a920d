import '../robots.css';
import { type BacktestResult, type RobotCreateBody, type RobotStrategy, robotStrategies } from '@tradewind/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../lib/router/router';
import { isAlreadyReported } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/form/text-field';
import { SegmentedControl } from '../../../components/segmented-control';
import { formatMoney, formatPrice } from '../../../lib/format-number';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { useBacktestRobot } from '../api/backtest-robot';
import { useCreateRobot } from '../api/create-robot';
import { useRobotQuote } from '../api/get-robot-quote';
import { BacktestResultCard } from '../components/backtest-result';
import { RobotParamsForm, defaultValues } from '../components/robot-params-form';

const DEFAULT_CODE = 'AAPL';
const CURRENCY = 'USD';
/** Robots trade US stocks, priced in cents. */
const PRICE_DIGITS = 2;

const strategyOf = (value: string | null): RobotStrategy => (robotStrategies as readonly string[]).includes(value ?? '') ? (value as RobotStrategy) : 'grid';

/**
 * `/pages/robot/detail`: a strategy's parameters on an instrument, a backtest of them on its
 * history before anything is placed, and the start with an amount from the trading wallet.
 */
export function RobotDetailPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const [search, setSearch] = useSearchParams();
  const strategy = strategyOf(search.get('strategy'));
  const code = (search.get('code') ?? DEFAULT_CODE).toUpperCase();
  const [codeDraft, setCodeDraft] = useState(code);
  const quote = useRobotQuote(code);
  const backtest = useBacktestRobot();
  const create = useCreateRobot();
  const [result, setResult] = useState<BacktestResult | undefined>();
  const [starting, setStarting] = useState<RobotCreateBody | undefined>();
  // One key per intended start: a retry after a lost answer starts one robot.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const choose = (next: { strategy?: RobotStrategy; code?: string }) => {
    setResult(undefined);
    setSearch({ strategy: next.strategy ?? strategy, code: next.code ?? code }, { replace: true });
  };

  const runBacktest = (body: RobotCreateBody) => {
    backtest.mutate(body, {
      onSuccess: setResult,
      onError: (failure) => {
        if (!isAlreadyReported(failure)) showToast(failure.message);
      },
    });
  };

  const start = () => {
    if (!starting) return;
    create.mutate(
      { body: starting, idempotencyKey },
      {
        onSuccess: () => {
          setStarting(undefined);
          setIdempotencyKey(newIdempotencyKey());
          showSuccessToast(t('robots.started'));
          navigate(paths.robotMine);
        },
        onError: (failure) => {
          setStarting(undefined);
          if (!isAlreadyReported(failure)) showToast(failure.message);
        },
      },
    );
  };

  const price = quote.data?.price_nominal;
  return (
    <div className="order-page">
      <SegmentedControl
        label={t('robots.strategy')}
        options={robotStrategies.map((value) => ({ value, label: t(`robots.strategies.${value}.name`) }))}
        value={strategy}
        onChange={(value) => choose({ strategy: value })}
      />
      <p className="section-hint">{t(`robots.strategies.${strategy}.description`)}</p>
      <section className="card order-card" aria-label={t('robots.instrument')}>
        <TextField
          label={t('robots.instrument')}
          name="stockCode"
          value={codeDraft}
          onChange={(value) => setCodeDraft(value.toUpperCase())}
          suffix={
            <button type="button" className="text-button" onClick={() => choose({ code: codeDraft.trim() || DEFAULT_CODE })}>
              {t('robots.load')}
            </button>
          }
          error={quote.isError ? t('robots.unknownInstrument', { code }) : undefined}
        />
        {quote.data ? (
          <p className="robot-quote">
            <span>{quote.data.name}</span> <span className="tabular" data-testid="robot-price">{formatPrice(quote.data.price_nominal, PRICE_DIGITS)}</span>
          </p>
        ) : null}
      </section>
      {price !== undefined ? (
        <RobotParamsForm
          key={`${strategy}-${code}`}
          strategy={strategy}
          stockCode={code}
          currency={CURRENCY}
          initial={defaultValues(strategy, price)}
          busy={backtest.isPending || create.isPending}
          onBacktest={runBacktest}
          onStart={setStarting}
        />
      ) : null}
      {backtest.isPending ? (
        <p className="list-empty" role="status">
          {t('robots.backtesting')}
        </p>
      ) : null}
      {result ? <BacktestResultCard result={result} /> : null}
      <ConfirmDialog
        visible={starting !== undefined}
        title={t('robots.startTitle')}
        confirmText={t('robots.start')}
        busy={create.isPending}
        onConfirm={start}
        onCancel={() => setStarting(undefined)}
      >
        <p className="confirm-headline">
          {t('robots.startText', {
            strategy: t(`robots.strategies.${strategy}.name`),
            code,
            amount: formatMoney(Number(starting?.amount ?? 0), CURRENCY),
          })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
