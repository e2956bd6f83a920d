import { GTC_MAX_DAYS, type TimeInForce } from '@tradewind/contract';
import './order-entry.css';
import { SegmentedControl } from '../../../components/segmented-control';
import { useStopsTranslation } from '../i18n/use-stops-translation';

/**
 * Day or good-till-cancelled for a limit, stop or stop-limit order (issue 20), with what the choice
 * means under it. Short labels, a control of its own beside the order type.
 */
export function TimeInForceField({ value, onChange }: { value: TimeInForce; onChange: (value: TimeInForce) => void }) {
  const { t } = useStopsTranslation();
  return (
    <div className="order-leverage time-in-force">
      <span className="field-label">{t('tif.label')}</span>
      <SegmentedControl
        label={t('tif.label')}
        options={[
          { value: 'DAY', label: t('tif.day') },
          { value: 'GTC', label: t('tif.gtc') },
        ]}
        value={value}
        onChange={onChange}
        className="segmented-small"
      />
      <p className="form-hint" data-testid="tif-hint">
        {value === 'DAY' ? t('tif.dayHint') : t('tif.gtcHint', { days: GTC_MAX_DAYS })}
      </p>
    </div>
  );
}

/** "Day" or "Good till cancelled", as order rows name an order's time in force. */
export function useTimeInForceName() {
  const { t } = useStopsTranslation();
  return (value: TimeInForce | null) => (value === 'DAY' ? t('tif.dayName') : value === 'GTC' ? t('tif.gtcName') : null);
}
