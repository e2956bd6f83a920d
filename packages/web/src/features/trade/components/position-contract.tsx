import './order-entry.css';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { useStopsTranslation } from '../i18n/use-stops-translation';

/** A futures position's contract month and the day it expires (it is settled then). */
export function PositionContract({ contract, expires }: { contract: string; expires: number | null }) {
  const { t } = useStopsTranslation();
  return (
    <div className="position-contract">
      <dt>{t('entry.contract')}</dt>
      <dd className="tabular" data-testid="position-contract">
        {contract}
        {expires ? ` · ${t('entry.expires', { date: formatDate(expires, DateFormat.date) })}` : ''}
      </dd>
    </div>
  );
}
