import type { KeyboardEvent, ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** `num` right-aligns figures; `wide` takes the spare room; `wrap` may break lines (long text). */
  kind?: 'num' | 'wide' | 'wrap';
}

export interface DataTableProps<T> {
  caption: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** Opens the row (a detail panel or page); rows become keyboard-focusable. */
  onOpen?: (row: T) => void;
  /** The accessible name of a row's open action, e.g. "Deposit #12". */
  rowLabel?: (row: T) => string;
  selectedKey?: string | number | null;
  empty: string;
}

/**
 * A table on a desktop; on a narrow screen each row becomes a card whose cells carry their column
 * name (CSS reads `data-label`), so nothing scrolls sideways on a tablet or a phone.
 */
export function DataTable<T>({ caption, rows, columns, rowKey, onOpen, rowLabel, selectedKey, empty }: DataTableProps<T>) {
  if (rows.length === 0) {
    return (
      <div className="bo-state">
        <p>{empty}</p>
      </div>
    );
  }
  const onKey = (event: KeyboardEvent, row: T) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen?.(row);
    }
  };
  return (
    <div className="bo-table-wrap">
      <table className={onOpen ? 'bo-table bo-table-interactive' : 'bo-table'}>
        <caption className="bo-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.kind ? `bo-col-${column.kind}` : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <tr
                key={key}
                className={key === selectedKey ? 'bo-row-selected' : undefined}
                tabIndex={onOpen ? 0 : undefined}
                aria-label={rowLabel?.(row)}
                onClick={onOpen ? () => onOpen(row) : undefined}
                onKeyDown={onOpen ? (event) => onKey(event, row) : undefined}
              >
                {columns.map((column) => (
                  <td key={column.key} data-label={column.header} className={column.kind ? `bo-col-${column.kind}` : undefined}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
