import './order-entry.css';
import type { FuturesContract } from '@tradewind/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../../../components/segmented-control';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { useFuturesContracts } from '../../../api/market/get-futures-contracts';
import { getFuturesDetailQueryOptions, useFuturesDetail } from '../../../api/market/get-futures-detail';
import { useStopsTranslation } from '../i18n/use-stops-translation';

/** Front and next months are what people trade; further months are thin (issue 18 asks for these two, a third for roll-overs). */
const MONTHS_SHOWN = 3;

/** The contract month a futures order trades, its expiry, and the unit and tick its prices are in. */
export function ContractMonthField({ root, value, onChange }: { root: string; value: string | undefined; onChange: (contract: FuturesContract) => void }) {
  const { t } = useStopsTranslation();
  const { t: common } = useTranslation();
  const contracts = useFuturesContracts(root);
  const detail = useFuturesDetail(root);
  const listed = (contracts.data ?? []).slice(0, MONTHS_SHOWN);
  if (listed.length === 0) return null;
  const chosen = listed.find((c) => c.stock_code === value) ?? listed[0]!;
  const spec = detail.data;
  return (
    <div className="order-leverage contract-month-field">
      <span className="field-label">{t('entry.contractMonth')}</span>
      <SegmentedControl
        label={t('entry.contractMonth')}
        options={listed.map((c) => ({ value: c.stock_code, label: c.isFront ? `${c.month} · ${t('entry.front')}` : c.month }))}
        value={chosen.stock_code}
        onChange={(code) => {
          const picked = listed.find((c) => c.stock_code === code);
          if (picked) onChange(picked);
        }}
        className="segmented-small"
      />
      <p className="form-hint" data-testid="contract-expiry">
        {chosen.stock_code} · {t('entry.expires', { date: formatDate(chosen.lastTradeDate * 1000, DateFormat.date) })}
      </p>
      {spec ? (
        <p className="form-hint" data-testid="contract-unit">
          {common(spec.quotedIn === 'USc' ? 'quote.quotedInCents' : 'quote.quotedInDollars', { unit: spec.unit, tick: spec.tickSize })}
        </p>
      ) : null}
    </div>
  );
}

/** The tick of a futures root, for the order page's device checks. */
export function useFuturesTick(root: string, enabled: boolean): number | undefined {
  const detail = useQuery({ ...getFuturesDetailQueryOptions(root), enabled });
  return enabled ? detail.data?.tickSize : undefined;
}
