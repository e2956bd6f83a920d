import type { Robot, RobotTrade } from '@tradewind/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDate } from '../../../lib/format-date';
import { formatMoney, formatPrice } from '../../../lib/format-number';
import { useRobotRecord } from '../api/get-robot-record';
import { usePauseRobot } from '../api/pause-robot';
import { useResumeRobot } from '../api/resume-robot';
import { useStopRobot } from '../api/stop-robot';
import { RobotFigures, toneOf } from './robot-figures';

/** Robots trade US stocks, priced in cents. */
const PRICE_DIGITS = 2;

function RecordRow({ step, currency }: { step: RobotTrade; currency: string }) {
  const { t } = useTranslation();
  const order = step.order;
  return (
    <li className="robot-trade" data-testid="robot-trade">
      <span className={step.side === 'buy' ? 'trend-rise' : 'trend-fall'}>{t(`robots.side.${step.side}`)}</span>
      <span className="tabular">{order ? `${order.quantity} @ ${formatPrice(order.fillPrice ?? 0, PRICE_DIGITS)}` : t(`robots.stepStatus.${step.status}`)}</span>
      <span className="tabular">
        {step.error ?? (order?.profit !== null && order?.profit !== undefined ? formatMoney(order.profit, currency, { signed: true }) : formatDate(step.createTimeTimestamp))}
      </span>
    </li>
  );
}

/** The purchase record (SPEC §3): each step the robot took and the ordinary order behind it. */
function PurchaseRecord({ robot }: { robot: Robot }) {
  const { t } = useTranslation();
  const record = useRobotRecord(robot.id, true);
  if (!record.data) return <p className="list-empty">{t('common.loading')}</p>;
  if (record.data.list.length === 0) return <p className="list-empty">{t('robots.noTrades')}</p>;
  return (
    <ul className="robot-trades" aria-label={t('robots.purchaseRecord')}>
      {record.data.list.map((step) => (
        <RecordRow key={step.id} step={step} currency={robot.currency} />
      ))}
    </ul>
  );
}

/** One of my robots: trading status, income, the purchase record and its controls. */
export function RobotCard({ robot }: { robot: Robot }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [stopping, setStopping] = useState(false);
  const pause = usePauseRobot();
  const resume = useResumeRobot();
  const stop = useStopRobot();
  const money = (value: number, signed = false) => formatMoney(value, robot.currency, { signed });
  const busy = pause.isPending || resume.isPending || stop.isPending;
  const title = `${t(`robots.strategies.${robot.strategy}.name`)} · ${robot.stockCode}`;

  return (
    <article className="card order-card robot-card" aria-label={title}>
      <header className="position-head">
        <div className="position-names">
          <h2 className="position-name">{title}</h2>
          <p className="position-meta">{robot.name}</p>
        </div>
        <span className={robot.tradingStatus === 'running' ? 'status-pill status-pill-open' : 'status-pill'}>{t(`robots.status.${robot.tradingStatus}`)}</span>
      </header>
      <RobotFigures
        label={title}
        figures={[
          { key: 'income', label: t('robots.income'), value: money(robot.income, true), tone: toneOf(robot.income), testId: 'robot-income' },
          { key: 'realised', label: t('robots.realised'), value: money(robot.realisedIncome, true), tone: toneOf(robot.realisedIncome) },
          { key: 'floating', label: t('robots.floating'), value: money(robot.floatingIncome, true), tone: toneOf(robot.floatingIncome) },
          { key: 'amount', label: t('robots.budget'), value: money(robot.amount) },
          { key: 'available', label: t('robots.available'), value: money(robot.available) },
          { key: 'held', label: t('robots.held'), value: String(robot.openQuantity), testId: 'robot-held' },
          { key: 'trades', label: t('robots.tradeCount'), value: String(robot.tradeCount) },
        ]}
      />
      <div className="block-form-actions">
        <button type="button" className="text-button" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {t('robots.purchaseRecord')}
        </button>
        {robot.tradingStatus === 'running' ? (
          <button type="button" className="text-button" disabled={busy} onClick={() => pause.mutate(robot.id)}>
            {t('robots.pause')}
          </button>
        ) : null}
        {robot.tradingStatus === 'paused' ? (
          <button type="button" className="text-button" disabled={busy} onClick={() => resume.mutate(robot.id)}>
            {t('robots.resume')}
          </button>
        ) : null}
        {robot.tradingStatus !== 'stopped' ? (
          <button type="button" className="text-button" disabled={busy} onClick={() => setStopping(true)}>
            {t('robots.stop')}
          </button>
        ) : null}
      </div>
      {open ? <PurchaseRecord robot={robot} /> : null}
      <ConfirmDialog
        visible={stopping}
        title={t('robots.stopTitle')}
        confirmText={t('robots.stopAndClose')}
        busy={stop.isPending}
        onConfirm={() => stop.mutate({ id: robot.id, closePositions: true }, { onSettled: () => setStopping(false) })}
        onCancel={() => setStopping(false)}
      >
        <p className="confirm-headline">{t('robots.stopText')}</p>
        <button type="button" className="text-button" disabled={stop.isPending} onClick={() => stop.mutate({ id: robot.id, closePositions: false }, { onSettled: () => setStopping(false) })}>
          {t('robots.stopKeep')}
        </button>
      </ConfirmDialog>
    </article>
  );
}
