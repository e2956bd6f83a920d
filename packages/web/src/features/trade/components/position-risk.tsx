import type { Position } from '@tradewind/contract';
import { formatPercent, formatPrice } from '../../../lib/format-number';
import { usePositionRisk } from '../hooks/use-position-risk';
import { useStopsTranslation } from '../i18n/use-stops-translation';
import { type OrderRiskInput, type Risk, type RiskLevel, orderRisk, riskPriceDigits, toMinorUnits } from '../utils/position-risk';
import { FigureList } from './figure-list';
import './position-risk.css';

/** A triangle with an exclamation mark; decorative, the text beside it says the level. */
function WarningIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M12 3.5 2.5 20h19L12 3.5Z" />
      <path d="M12 10v4.5" />
      <path d="M12 17.2v.1" />
    </svg>
  );
}

function useRiskTexts() {
  const { t } = useStopsTranslation();
  return {
    t,
    price: (risk: Risk, digits: number) => (risk.liquidationPrice === null ? t('risk.unreachable') : formatPrice(risk.liquidationPrice, digits)),
    ratio: (risk: Risk) => formatPercent(risk.marginRatio),
    alert: (level: RiskLevel) => (level === 'safe' ? null : t(level === 'danger' ? 'risk.danger' : 'risk.caution')),
  };
}

/**
 * The liquidation price and margin ratio of an open position, tinted amber (caution) or red
 * (danger) with an icon as the margin ratio nears 100 % (levels in utils/position-risk.ts).
 * On the position card and the close page.
 */
export function PositionRiskLine({ position }: { position: Position }) {
  const { risk, rules } = usePositionRisk(position);
  const texts = useRiskTexts();
  if (!risk || !rules) return null;
  const digits = riskPriceDigits(rules.tickSize, position.openPrice, position.nowPrice);
  const alert = texts.alert(risk.level);
  return (
    <div className={`risk-line risk-${risk.level}`} data-testid="position-risk" data-risk-level={risk.level}>
      {alert ? (
        <span className="risk-alert" role="status">
          <WarningIcon />
          {alert}
        </span>
      ) : null}
      <span>
        {texts.t('risk.liquidationPrice')}
        <span className="risk-value tabular" data-testid="position-liquidation-price">
          {texts.price(risk, digits)}
        </span>
      </span>
      <span>
        {texts.t('risk.marginRatio')}
        <span className="risk-value tabular" data-testid="position-margin-ratio">
          {texts.ratio(risk)}
        </span>
      </span>
    </div>
  );
}

/** The add-margin dialog's preview: the liquidation price and margin ratio now and with the typed amount added. */
export function AddMarginRiskPreview({ position, amount }: { position: Position; amount: string }) {
  const typed = /^\d+(\.\d{1,2})?$/.test(amount.trim()) ? toMinorUnits(amount.trim()) : 0;
  const { risk, withAdded, rules } = usePositionRisk(position, typed);
  const texts = useRiskTexts();
  if (!risk || !withAdded || !rules) return null;
  const digits = riskPriceDigits(rules.tickSize, position.openPrice, position.nowPrice);
  const tone = (level: RiskLevel) => (level === 'safe' ? undefined : (`risk-${level}` as const));
  return (
    <FigureList
      label={texts.t('risk.liquidationPrice')}
      figures={[
        { key: 'liquidation', label: texts.t('risk.liquidationPrice'), value: texts.price(risk, digits), testId: 'margin-liquidation-price' },
        { key: 'newLiquidation', label: texts.t('risk.newLiquidationPrice'), value: texts.price(withAdded, digits), tone: 'strong', testId: 'margin-new-liquidation-price' },
        { key: 'newRatio', label: texts.t('risk.newMarginRatio'), value: <span className={tone(withAdded.level) ? `figure-${tone(withAdded.level)}` : undefined}>{texts.ratio(withAdded)}</span>, testId: 'margin-new-ratio' },
      ]}
    />
  );
}

/**
 * The order preview's risk: where the position the order opens would be liquidated and its margin
 * ratio at the previewed price, before the user confirms (at 1× too: the engine liquidates a 1× long
 * at a fifth of its price with the default maintenance ratio, and the user should know).
 */
export function OrderRiskPreview({ input, precision, testIdPrefix = 'preview' }: { input: Partial<OrderRiskInput> & { rules?: OrderRiskInput['rules'] }; precision: number; testIdPrefix?: string }) {
  const texts = useRiskTexts();
  const { direction, price, quantity, leverage, rate, rules } = input;
  if (direction === undefined || price === undefined || quantity === undefined || leverage === undefined || rate === undefined || !rules) return null;
  const risk = orderRisk({ direction, price, quantity, leverage, rate, rules });
  const digits = Math.max(riskPriceDigits(rules.tickSize), precision);
  return (
    <>
      <FigureList
        label={texts.t('risk.liquidationPrice')}
        figures={[
          { key: 'liquidation', label: texts.t('risk.liquidationPrice'), value: risk ? texts.price(risk, digits) : '--', tone: 'strong', testId: `${testIdPrefix}-liquidation-price` },
          { key: 'ratio', label: texts.t('risk.marginRatio'), value: risk ? texts.ratio(risk) : '--', testId: `${testIdPrefix}-margin-ratio` },
        ]}
      />
      <p className="risk-hint">{texts.t('risk.hint')}</p>
    </>
  );
}
