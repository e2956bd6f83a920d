import type { AdminBlockOffer } from '@tradewind/contract';
import { type FormEvent, useId, useState } from 'react';
import { showSuccessToast } from '../../lib/toast';
import { type BlockOfferChange, useBlockOffers, useSaveBlockOffer, useWithdrawBlockOffer } from '../api/block-offers';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable } from '../components/data-table';
import { PageHeader } from '../components/page-header';
import { QueryView } from '../components/query-view';
import { StatusBadge } from '../components/status-badge';
import { type AdminKey, useAdminTranslation } from '../i18n/use-admin-translation';
import { errorMessage } from '../lib/error-message';
import { formatDateTime, formatMoney, formatNumberPlain } from '../lib/format';

const PRICE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;
const WHOLE_PATTERN = /^\d{1,10}$/;
const MIN_BLOCK = 10_000;

type FieldName = 'stockCode' | 'price' | 'minQuantity' | 'quantity' | 'hours';

/** Publish a block, or edit an open one (its remaining size, not the original total). */
function BlockOfferForm({ offer, onDone }: { offer?: AdminBlockOffer | undefined; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const save = useSaveBlockOffer();
  const [draft, setDraft] = useState<Record<FieldName, string>>({
    stockCode: offer?.stockCode ?? '',
    price: offer ? String(offer.price) : '',
    minQuantity: String(offer?.minQuantity ?? MIN_BLOCK),
    quantity: offer ? String(offer.remainingQuantity) : '',
    hours: offer ? '' : '24',
  });
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<FieldName, string>> = {};
    if (!offer && !/^[A-Za-z0-9.]{1,10}$/.test(draft.stockCode.trim())) next.stockCode = t('desk.blocks.codeInvalid');
    if (!PRICE_PATTERN.test(draft.price.trim()) || Number(draft.price) <= 0) next.price = t('desk.blocks.priceInvalid');
    if (!WHOLE_PATTERN.test(draft.minQuantity.trim()) || Number(draft.minQuantity) < MIN_BLOCK) next.minQuantity = t('desk.blocks.wholeInvalid');
    // The remaining size of an open offer may go to 0 (sold out by hand); a new offer needs a block.
    const quantityFloor = offer ? 0 : MIN_BLOCK;
    if (!WHOLE_PATTERN.test(draft.quantity.trim()) || Number(draft.quantity) < quantityFloor) next.quantity = t('desk.blocks.wholeInvalid');
    const hoursText = draft.hours.trim();
    if ((hoursText !== '' || !offer) && (!/^\d{1,3}$/.test(hoursText) || Number(hoursText) < 1 || Number(hoursText) > 720)) next.hours = t('desk.blocks.hoursInvalid');
    setProblems(next);
    if (Object.keys(next).length > 0) return;
    setError(null);
    try {
      if (offer) {
        const change: BlockOfferChange = {
          price: Number(draft.price),
          minQuantity: Number(draft.minQuantity),
          remainingQuantity: Number(draft.quantity),
          ...(hoursText !== '' && { hours: Number(hoursText) }),
        };
        await save.mutateAsync({ id: offer.id, change });
        showSuccessToast(t('desk.blocks.savedToast', { code: offer.stockCode }));
      } else {
        const code = draft.stockCode.trim().toUpperCase();
        await save.mutateAsync({ offer: { stockCode: code, price: Number(draft.price), minQuantity: Number(draft.minQuantity), totalQuantity: Number(draft.quantity), hours: Number(hoursText) } });
        showSuccessToast(t('desk.blocks.publishedToast', { code }));
      }
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const field = (name: FieldName, label: AdminKey, options: { disabled?: boolean; inputMode?: 'decimal' | 'numeric' } = {}) => (
    <div key={name} className="bo-field">
      <label className="bo-label" htmlFor={`${id}-${name}`}>
        {t(label)}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        className="bo-input"
        inputMode={options.inputMode}
        autoComplete="off"
        disabled={options.disabled}
        value={draft[name]}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={problems[name] ? `${id}-${name}-problem` : undefined}
        onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
      />
      {problems[name] ? (
        <p id={`${id}-${name}-problem`} className="bo-field-error" role="alert">
          {problems[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className="bo-form bo-card" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="bo-section-title">
        {offer ? t('desk.blocks.editTitle', { code: offer.stockCode }) : t('desk.blocks.createTitle')}
      </h2>
      <p className="bo-hint">{offer ? t('desk.blocks.editHint') : t('desk.blocks.createHint')}</p>
      <div className="bo-form-grid">
        {field('stockCode', 'desk.blocks.stockCode', { disabled: offer !== undefined })}
        {field('price', 'desk.blocks.price', { inputMode: 'decimal' })}
        {field('minQuantity', 'desk.blocks.minQuantity', { inputMode: 'numeric' })}
        {field('quantity', offer ? 'desk.blocks.remaining' : 'desk.blocks.totalQuantity', { inputMode: 'numeric' })}
        {field('hours', 'desk.blocks.hours', { inputMode: 'numeric' })}
      </div>
      {error ? (
        <p className="bo-form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="bo-form-actions">
        <button type="button" className="bo-button" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="bo-button bo-button-primary" disabled={save.isPending}>
          {offer ? t('desk.blocks.save') : t('desk.blocks.publish')}
        </button>
      </div>
    </form>
  );
}

/** Who bought from one offer: buyer, shares, order and time. */
function TakersPanel({ offer, onClose }: { offer: AdminBlockOffer; onClose: () => void }) {
  const { t } = useAdminTranslation();
  return (
    <section className="bo-card" aria-label={t('desk.blocks.takersTitle', { code: offer.stockCode })}>
      <div className="bo-card-header">
        <h2 className="bo-section-title">{t('desk.blocks.takersTitle', { code: offer.stockCode })}</h2>
        <button type="button" className="bo-button bo-button-small" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <DataTable
        caption={t('desk.blocks.takers')}
        rows={offer.takers}
        rowKey={(row) => row.orderId}
        empty={t('desk.blocks.noTakers')}
        columns={[
          {
            key: 'buyer',
            header: t('desk.blocks.buyer'),
            kind: 'wrap',
            render: (row) => (
              <span className="bo-break">
                {row.email}
                {row.name ? ` · ${row.name}` : ''}
              </span>
            ),
          },
          { key: 'shares', header: t('desk.blocks.shares'), kind: 'num', render: (row) => formatNumberPlain(row.quantity) },
          { key: 'order', header: t('desk.blocks.order'), render: (row) => `#${row.orderId}` },
          { key: 'time', header: t('desk.blocks.time'), render: (row) => formatDateTime(row.createTimeTimestamp) },
        ]}
      />
    </section>
  );
}

interface BlockOffersTableProps {
  offers: AdminBlockOffer[];
  busy: boolean;
  onTakers: (offer: AdminBlockOffer) => void;
  onEdit: (offer: AdminBlockOffer) => void;
  onWithdraw: (offer: AdminBlockOffer) => void;
}

/** Every offer with its price against the market, what is left and taken, and the buttons of an open one. */
function BlockOffersTable({ offers, busy, onTakers, onEdit, onWithdraw }: BlockOffersTableProps) {
  const { t } = useAdminTranslation();
  return (
    <div className="bo-card bo-card-flush" aria-busy={busy}>
      <DataTable
        caption={t('desk.blocks.title')}
        rows={offers}
        rowKey={(row) => row.id}
        empty={t('desk.blocks.empty')}
        columns={[
          {
            key: 'stock',
            header: t('desk.blocks.stock'),
            kind: 'wrap',
            render: (row) => (
              <>
                <strong>{row.stockCode}</strong> {row.name}
              </>
            ),
          },
          {
            key: 'price',
            header: t('desk.blocks.priceShort'),
            kind: 'num',
            render: (row) => (
              <>
                {formatMoney(row.price, 'USD')}
                <br />
                <span className="bo-hint">{t('desk.blocks.marketValue', { price: formatMoney(row.marketPrice, 'USD') })}</span>
              </>
            ),
          },
          { key: 'min', header: t('desk.blocks.minShort'), kind: 'num', render: (row) => formatNumberPlain(row.minQuantity) },
          { key: 'left', header: t('desk.blocks.remaining'), kind: 'num', render: (row) => formatNumberPlain(row.remainingQuantity) },
          {
            key: 'taken',
            header: t('desk.blocks.taken'),
            kind: 'num',
            render: (row) => (
              <>
                {formatNumberPlain(row.takenQuantity)}
                <br />
                <button type="button" className="bo-button bo-button-small" onClick={() => onTakers(row)}>
                  {t('desk.blocks.takers')} ({row.takers.length})
                </button>
              </>
            ),
          },
          { key: 'ends', header: t('desk.blocks.ends'), render: (row) => formatDateTime(row.endTimestamp) },
          { key: 'status', header: t('desk.blocks.status'), render: (row) => <StatusBadge tone={tones[row.status]}>{t(`desk.blocks.statuses.${row.status}`)}</StatusBadge> },
          {
            key: 'actions',
            header: t('desk.blocks.actions'),
            render: (row) => (
              <div className="bo-actions">
                {row.status === 'open' ? (
                  <>
                    <button type="button" className="bo-button bo-button-small" onClick={() => onEdit(row)}>
                      {t('desk.blocks.edit')}
                    </button>
                    <button type="button" className="bo-button bo-button-small bo-button-danger-outline" onClick={() => onWithdraw(row)}>
                      {t('desk.blocks.withdraw')}
                    </button>
                  </>
                ) : null}
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}

const tones = { open: 'good', closed: 'neutral', withdrawn: 'bad' } as const;

type Panel = { kind: 'create' } | { kind: 'edit'; offer: AdminBlockOffer } | { kind: 'takers'; id: number } | null;

/** The block desk (`#/admin/block-offers`): publish, edit and withdraw offers, and see who took them. */
export function BlockOffersPage() {
  const { t } = useAdminTranslation();
  const query = useBlockOffers();
  const withdraw = useWithdrawBlockOffer();
  const [panel, setPanel] = useState<Panel>(null);
  const [withdrawing, setWithdrawing] = useState<AdminBlockOffer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const takersOf = panel?.kind === 'takers' ? query.data?.find((offer) => offer.id === panel.id) : undefined;

  const confirmWithdraw = async () => {
    if (!withdrawing) return;
    setError(null);
    try {
      const done = await withdraw.mutateAsync(withdrawing.id);
      setWithdrawing(null);
      showSuccessToast(t('desk.blocks.withdrawnToast', { code: done.stockCode }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section className="bo-page">
      <PageHeader
        title={t('desk.blocks.title')}
        subtitle={t('desk.blocks.subtitle')}
        actions={
          <button type="button" className="bo-button bo-button-primary" onClick={() => setPanel({ kind: 'create' })}>
            {t('desk.blocks.new')}
          </button>
        }
      />
      {panel?.kind === 'create' ? <BlockOfferForm key="create" onDone={() => setPanel(null)} /> : null}
      {panel?.kind === 'edit' ? <BlockOfferForm key={`edit-${panel.offer.id}`} offer={panel.offer} onDone={() => setPanel(null)} /> : null}
      {takersOf ? <TakersPanel offer={takersOf} onClose={() => setPanel(null)} /> : null}
      <QueryView query={query}>
        {(offers) => (
          <BlockOffersTable
            offers={offers}
            busy={query.isFetching}
            onTakers={(offer) => setPanel({ kind: 'takers', id: offer.id })}
            onEdit={(offer) => setPanel({ kind: 'edit', offer })}
            onWithdraw={setWithdrawing}
          />
        )}
      </QueryView>
      {withdrawing ? (
        <ConfirmDialog
          title={t('desk.blocks.withdrawTitle', { code: withdrawing.stockCode })}
          body={<p>{t('desk.blocks.withdrawBody')}</p>}
          confirmLabel={t('desk.blocks.withdraw')}
          busy={withdraw.isPending}
          error={error}
          onConfirm={() => void confirmWithdraw()}
          onCancel={() => setWithdrawing(null)}
        />
      ) : null}
    </section>
  );
}
