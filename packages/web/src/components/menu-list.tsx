import type { ReactNode } from 'react';
import { Link } from '../lib/router/router';
import { ChevronRightIcon } from './icons/icons';

export interface MenuEntry {
  key: string;
  label: string;
  icon: ReactNode;
  to: string;
  /** Short state shown before the chevron, e.g. "Verified". */
  value?: string;
}

/** A card of navigation rows; each row is a link named by its label. */
export function MenuList({ entries, label }: { entries: readonly MenuEntry[]; label?: string }) {
  return (
    <nav className="card" aria-label={label}>
      <ul className="menu-list">
        {entries.map((entry) => (
          <li key={entry.key} className="menu-item">
            <Link className="menu-link" to={entry.to}>
              <span className="menu-icon">{entry.icon}</span>
              <span className="menu-label">{entry.label}</span>
              {entry.value ? <span className="menu-value">{entry.value}</span> : null}
              <ChevronRightIcon className="menu-chevron" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
