import './order-entry.css';
import { SegmentedControl } from '../../../components/segmented-control';
import { formatNumber } from '../../../lib/format-number';
import { useStopsTranslation } from '../i18n/use-stops-translation';
import { type TwLotMode, twShares } from '../utils/entry-checks';

/** Taiwan orders choose board lots (counted in lots of 1,000) or odd lots (1–999 shares) before the quantity. */
export function TwLotModeControl({ mode, onChange }: { mode: TwLotMode; onChange: (mode: TwLotMode) => void }) {
  const { t } = useStopsTranslation();
  return (
    <div className="order-leverage tw-lot-mode">
      <span className="field-label">{t('entry.lotMode')}</span>
      <SegmentedControl
        label={t('entry.lotMode')}
        options={[
          { value: 'board', label: t('entry.boardLot') },
          { value: 'odd', label: t('entry.oddLot') },
        ]}
        value={mode}
        onChange={onChange}
        className="segmented-small"
      />
    </div>
  );
}

/** What the quantity field is counted in, and the shares a number of lots comes to. */
export function useTwQuantityLabels(mode: TwLotMode, quantity: string) {
  const { t } = useStopsTranslation();
  const shares = twShares(mode, quantity);
  return {
    label: t(mode === 'board' ? 'entry.lots' : 'entry.shares'),
    total: mode === 'board' && Number.isFinite(shares) && shares > 0 ? t('entry.sharesTotal', { shares: formatNumber(shares, 0) }) : null,
  };
}
