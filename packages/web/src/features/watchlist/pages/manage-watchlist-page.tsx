import type { WatchlistItem } from '@tradewind/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ArrowDownIcon, ArrowUpIcon, PinTopIcon, TrashIcon } from '../../../components/icons/icons';
import { LoadError } from '../../../components/load-error';
import { InstrumentLogo } from '../../../components/quote/instrument-logo';
import { QuoteListSkeleton } from '../../../components/quote/quote-list';
import { showSuccessToast } from '../../../lib/toast';
import { useDeleteWatchlistItems } from '../api/delete-watchlist-item';
import { useWatchlist } from '../api/get-watchlist';
import { useSortWatchlist } from '../api/sort-watchlist';
import { EmptyWatchlist } from '../components/empty-watchlist';

/** The ids in their new order after moving the entry at `from` to `to`. */
export function moveId(ids: readonly number[], from: number, to: number): number[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

interface ManageRowProps {
  item: WatchlistItem;
  index: number;
  last: number;
  selected: boolean;
  busy: boolean;
  onSelect: (selected: boolean) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function ManageRow({ item, index, last, selected, busy, onSelect, onMove, onRemove }: ManageRowProps) {
  const { t } = useTranslation();
  const name = item.name;
  return (
    <li className={selected ? 'manage-row manage-row-selected' : 'manage-row'} data-code={item.stock_code}>
      <label className="manage-check">
        <input type="checkbox" checked={selected} onChange={(event) => onSelect(event.target.checked)} aria-label={t('watchlist.select', { name })} />
        <span className="manage-check-box" aria-hidden="true" />
      </label>
      <InstrumentLogo src={item.localLogoUrl} code={item.stock_code} size={32} />
      <span className="quote-row-names">
        <span className="quote-row-name">{name}</span>
        <span className="quote-row-meta">
          <span className="quote-row-code">{item.stock_code}</span>
          {item.market ? <span className="quote-row-market">{item.market}</span> : null}
        </span>
      </span>
      <span className="manage-actions">
        <button type="button" className="manage-button" aria-label={t('watchlist.moveTop', { name })} disabled={busy || index === 0} onClick={() => onMove(0)}>
          <PinTopIcon />
        </button>
        <button type="button" className="manage-button" aria-label={t('watchlist.moveUp', { name })} disabled={busy || index === 0} onClick={() => onMove(index - 1)}>
          <ArrowUpIcon />
        </button>
        <button type="button" className="manage-button" aria-label={t('watchlist.moveDown', { name })} disabled={busy || index === last} onClick={() => onMove(index + 1)}>
          <ArrowDownIcon />
        </button>
        <button type="button" className="manage-button manage-button-danger" aria-label={t('watchlist.remove', { name })} disabled={busy} onClick={onRemove}>
          <TrashIcon />
        </button>
      </span>
    </li>
  );
}

/** Reorder (saved at once through `/userSelfSecurity/sort`) and remove, one or many. */
export function ManageWatchlistPage() {
  const { t } = useTranslation();
  const watchlist = useWatchlist();
  const sort = useSortWatchlist();
  const remove = useDeleteWatchlistItems();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  /** What is asked about before it goes: one row (named) or the selection. */
  const [confirming, setConfirming] = useState<{ ids: number[]; name?: string } | null>(null);

  if (watchlist.isLoading) return <QuoteListSkeleton rows={6} />;
  if (watchlist.isError && !watchlist.data) return <LoadError onRetry={() => void watchlist.refetch()} />;
  const items = watchlist.data ?? [];
  if (items.length === 0) return <EmptyWatchlist />;

  const ids = items.map((item) => item.id);
  const selectedIds = ids.filter((id) => selected.has(id));
  const allSelected = selectedIds.length === ids.length;

  const move = (from: number, to: number) => sort.mutate(moveId(ids, from, to));
  const removeIds = (toRemove: number[]) =>
    remove.mutate(toRemove, {
      onSuccess: () => {
        setSelected((current) => new Set([...current].filter((id) => !toRemove.includes(id))));
        showSuccessToast(t('watchlist.removed'));
      },
      onSettled: () => setConfirming(null),
    });
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="manage-page">
      <p className="list-caption">{t('watchlist.manageHint')}</p>
      <ul className="card manage-list" aria-label={t('pages.watchlistManage')}>
        {items.map((item, index) => (
          <ManageRow
            key={item.id}
            item={item}
            index={index}
            last={items.length - 1}
            selected={selected.has(item.id)}
            busy={remove.isPending}
            onSelect={(on) => toggle(item.id, on)}
            onMove={(to) => move(index, to)}
            onRemove={() => setConfirming({ ids: [item.id], name: item.name })}
          />
        ))}
      </ul>
      <div className="manage-footer">
        <label className="manage-check manage-select-all">
          <input
            type="checkbox"
            checked={allSelected}
            onChange={(event) => setSelected(event.target.checked ? new Set(ids) : new Set())}
          />
          <span className="manage-check-box" aria-hidden="true" />
          <span>{t('watchlist.selectAll')}</span>
        </label>
        <button
          type="button"
          className="danger-pill"
          disabled={selectedIds.length === 0 || remove.isPending}
          onClick={() => setConfirming({ ids: selectedIds })}
        >
          {t('watchlist.removeSelected', { n: selectedIds.length })}
        </button>
      </div>
      <ConfirmDialog
        visible={confirming !== null}
        title={
          confirming?.name !== undefined
            ? t('watchlist.removeOneTitle', { name: confirming.name })
            : t('watchlist.removeManyTitle', { n: confirming?.ids.length ?? 0 })
        }
        confirmText={t('watchlist.removeConfirm')}
        danger
        busy={remove.isPending}
        onConfirm={() => {
          if (confirming) removeIds(confirming.ids);
        }}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
