import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { ClockIcon } from '../../../components/icons/icons';
import { type InstrumentRef, quotePath } from '../../../api/market/instrument';

interface RecentSearchesProps {
  entries: readonly InstrumentRef[];
  onOpen: (entry: InstrumentRef) => void;
  onClear: () => void;
}

/** The instruments opened from search before, newest first, each one tap from its quote. */
export function RecentSearches({ entries, onOpen, onClear }: RecentSearchesProps) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <section className="recent-searches" aria-labelledby="recent-searches-title">
      <div className="section-head section-head-flush">
        <h2 id="recent-searches-title" className="section-title section-title-icon">
          <ClockIcon aria-hidden="true" /> {t('search.recent')}
        </h2>
        <button type="button" className="section-link" onClick={onClear}>
          {t('search.clear')}
        </button>
      </div>
      <ul className="recent-chips">
        {entries.map((entry) => (
          <li key={`${entry.source}:${entry.code}`}>
            <Link className="recent-chip" to={quotePath(entry)} onClick={() => onOpen(entry)}>
              <span className="recent-chip-code">{entry.code}</span>
              <span className="recent-chip-name">{entry.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
