import type { AdminIpo } from '@tradewind/contract';
import { type FormEvent, useId, useState } from 'react';
import { showSuccessToast } from '../../lib/toast';
import { useIpoAllotment } from '../api/get-ipo-allotment';
import { useIpos } from '../api/get-ipos';
import { type IpoTerms, useAllotIpo, useSaveIpo } from '../api/save-ipo';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable } from '../components/data-table';
import { PageHeader } from '../components/page-header';
import { QueryView } from '../components/query-view';
import { type AdminKey, useAdminTranslation } from '../i18n/use-admin-translation';
import { errorMessage } from '../lib/error-message';
import { formatDateTime, formatMoney, formatNumberPlain } from '../lib/format';
import { renderPattern } from '../../lib/format-date';

const PRICE_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;
const WHOLE_PATTERN = /^\d{1,13}$/;
const DAY = 86_400;

/** `<input type="datetime-local">` works in the admin's local time; the server takes Unix seconds. */
const toLocalInput = (seconds: number) => renderPattern(new Date(seconds * 1000), 'YYYY-MM-DDTHH:mm');
const fromLocalInput = (text: string) => {
  const time = new Date(text).getTime();
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000);
};

type DateField = 'prospectusDate' | 'purchaseStartDate' | 'purchaseEndDate' | 'listDate';
const dateFields: readonly DateField[] = ['prospectusDate', 'purchaseStartDate', 'purchaseEndDate', 'listDate'];

interface Draft {
  stockCode: string;
  name: string;
  price: string;
  lotSize: string;
  sharesOffered: string;
  dates: Record<DateField, string>;
}

function draftOf(ipo: AdminIpo | undefined): Draft {
  const now = Math.floor(Date.now() / 1000);
  const dates = ipo
    ? { prospectusDate: ipo.prospectusDate, purchaseStartDate: ipo.purchaseStartDate, purchaseEndDate: ipo.purchaseEndDate, listDate: ipo.listDate }
    : { prospectusDate: now, purchaseStartDate: now, purchaseEndDate: now + 3 * DAY, listDate: now + 5 * DAY };
  return {
    stockCode: ipo?.stockCode ?? '',
    name: ipo?.name ?? '',
    price: ipo ? String(ipo.price) : '',
    lotSize: ipo ? String(ipo.lotSize) : '100',
    sharesOffered: ipo ? String(ipo.sharesOffered) : '',
    dates: Object.fromEntries(dateFields.map((field) => [field, toLocalInput(dates[field])])) as Record<DateField, string>,
  };
}

/** Create an IPO, or edit one before its purchase ends (price and lot size only while nobody has subscribed). */
function IpoForm({ ipo, onDone }: { ipo?: AdminIpo | undefined; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const save = useSaveIpo();
  const [draft, setDraft] = useState(() => draftOf(ipo));
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const locked = ipo?.termsLocked ?? false;

  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!ipo && !/^[A-Za-z0-9.]{1,10}$/.test(draft.stockCode.trim())) next.stockCode = t('ipos.stockCodeInvalid');
    if (!PRICE_PATTERN.test(draft.price.trim()) || Number(draft.price) <= 0) next.price = t('ipos.priceInvalid');
    if (!WHOLE_PATTERN.test(draft.lotSize.trim()) || Number(draft.lotSize) < 1) next.lotSize = t('ipos.wholeInvalid');
    if (!WHOLE_PATTERN.test(draft.sharesOffered.trim()) || Number(draft.sharesOffered) < 1) next.sharesOffered = t('ipos.wholeInvalid');
    else if (Number(draft.sharesOffered) % Number(draft.lotSize) !== 0) next.sharesOffered = t('ipos.sharesNotLots', { lot: draft.lotSize });
    const seconds = Object.fromEntries(dateFields.map((field) => [field, fromLocalInput(draft.dates[field])])) as Record<DateField, number | undefined>;
    for (const field of dateFields) if (seconds[field] === undefined) next[field] = t('ipos.dateInvalid');
    setProblems(next);
    if (Object.keys(next).length > 0) return;
    const terms: IpoTerms = {
      ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
      price: draft.price.trim(),
      lotSize: Number(draft.lotSize),
      sharesOffered: Number(draft.sharesOffered),
      prospectusDate: seconds.prospectusDate!,
      purchaseStartDate: seconds.purchaseStartDate!,
      purchaseEndDate: seconds.purchaseEndDate!,
      listDate: seconds.listDate!,
    };
    setError(null);
    try {
      const saved = await save.mutateAsync({ id: ipo?.id, stockCode: ipo ? undefined : draft.stockCode.trim().toUpperCase(), terms });
      showSuccessToast(t(ipo ? 'ipos.savedToast' : 'ipos.createdToast', { code: saved.stockCode }));
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const field = (name: string, label: AdminKey, value: string, onChange: (value: string) => void, options: { type?: string; disabled?: boolean; inputMode?: 'decimal' | 'numeric' } = {}) => (
    <div key={name} className="bo-field">
      <label className="bo-label" htmlFor={`${id}-${name}`}>
        {t(label)}
      </label>
      <input
        id={`${id}-${name}`}
        className="bo-input"
        type={options.type ?? 'text'}
        inputMode={options.inputMode}
        autoComplete="off"
        disabled={options.disabled}
        value={value}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={problems[name] ? `${id}-${name}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
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
        {ipo ? t('ipos.editTitle', { code: ipo.stockCode }) : t('ipos.createTitle')}
      </h2>
      <p className="bo-hint">{ipo ? (locked ? t('ipos.lockedHint') : t('ipos.editHint')) : t('ipos.createHint')}</p>
      <div className="bo-form-grid">
        {field('stockCode', 'ipos.stockCode', draft.stockCode, (stockCode) => set({ stockCode }), { disabled: ipo !== undefined })}
        {field('name', 'ipos.name', draft.name, (name) => set({ name }))}
        {field('price', 'ipos.price', draft.price, (price) => set({ price }), { disabled: locked, inputMode: 'decimal' })}
        {field('lotSize', 'ipos.lotSize', draft.lotSize, (lotSize) => set({ lotSize }), { disabled: locked, inputMode: 'numeric' })}
        {field('sharesOffered', 'ipos.sharesOffered', draft.sharesOffered, (sharesOffered) => set({ sharesOffered }), { inputMode: 'numeric' })}
        {dateFields.map((name) => field(name, `ipos.${name}`, draft.dates[name], (value) => set({ dates: { ...draft.dates, [name]: value } }), { type: 'datetime-local' }))}
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
          {ipo ? t('ipos.save') : t('ipos.create')}
        </button>
      </div>
    </form>
  );
}

/** The recorded draw, with what an auditor needs to replay it. */
function DrawPanel({ ipoId, onClose }: { ipoId: number; onClose: () => void }) {
  const { t } = useAdminTranslation();
  const query = useIpoAllotment(ipoId);
  return (
    <section className="bo-card" aria-label={t('ipos.drawTitle')}>
      <div className="bo-card-header">
        <h2 className="bo-section-title">{t('ipos.drawTitle')}</h2>
        <button type="button" className="bo-button bo-button-small" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <QueryView query={query}>
        {({ offering, lines }) => (
          <>
            <dl className="bo-fields">
              <div className="bo-field-row">
                <dt>{t('ipos.offering')}</dt>
                <dd>
                  {offering.stockCode} · {offering.name}
                </dd>
              </div>
              <div className="bo-field-row">
                <dt>{t('ipos.seedHash')}</dt>
                <dd>
                  <code className="bo-code bo-break">{offering.seedHash}</code>
                </dd>
              </div>
              <div className="bo-field-row">
                <dt>{t('ipos.seed')}</dt>
                <dd>{offering.seed ? <code className="bo-code bo-break">{offering.seed}</code> : t('ipos.seedHidden')}</dd>
              </div>
              <div className="bo-field-row">
                <dt>{t('ipos.drawDigest')}</dt>
                <dd>{offering.drawDigest ? <code className="bo-code bo-break">{offering.drawDigest}</code> : offering.allottedLots === null ? t('ipos.notDrawn') : t('ipos.noDrawNeeded')}</dd>
              </div>
              <div className="bo-field-row">
                <dt>{t('ipos.demand')}</dt>
                <dd>{t('ipos.demandValue', { demand: formatNumberPlain(offering.demandLots), offered: formatNumberPlain(offering.lotsOffered), allotted: offering.allottedLots === null ? '—' : formatNumberPlain(offering.allottedLots) })}</dd>
              </div>
            </dl>
            <p className="bo-hint">{t('ipos.auditHint')}</p>
            <DataTable
              caption={t('ipos.drawTitle')}
              rows={lines}
              rowKey={(row) => row.subscriptionId}
              empty={offering.allottedLots === null ? t('ipos.notDrawn') : t('ipos.noSubscribers')}
              columns={[
                { key: 'subscription', header: t('ipos.subscription'), render: (row) => `#${row.subscriptionId}` },
                { key: 'user', header: t('ipos.user'), render: (row) => <span className="bo-break">{row.email}</span> },
                { key: 'tickets', header: t('ipos.tickets'), kind: 'num', render: (row) => `${formatNumberPlain(row.ticketFrom)}–${formatNumberPlain(row.ticketTo)}` },
                { key: 'requested', header: t('ipos.requested'), kind: 'num', render: (row) => formatNumberPlain(row.requestedLots) },
                { key: 'allotted', header: t('ipos.allotted'), kind: 'num', render: (row) => formatNumberPlain(row.allottedLots) },
                { key: 'first', header: t('ipos.firstDraw'), kind: 'num', render: (row) => (row.firstDraw === null ? '—' : formatNumberPlain(row.firstDraw)) },
              ]}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}

type Panel = { kind: 'create' } | { kind: 'edit'; ipo: AdminIpo } | { kind: 'draw'; id: number } | null;

/** IPOs in the back office: create, edit before the purchase ends, run a due allotment, audit the draw. */
export function IposPage() {
  const { t } = useAdminTranslation();
  const query = useIpos();
  const allot = useAllotIpo();
  const [panel, setPanel] = useState<Panel>(null);
  const [allotting, setAllotting] = useState<AdminIpo | null>(null);
  const [error, setError] = useState<string | null>(null);

  const runAllotment = async () => {
    if (!allotting) return;
    setError(null);
    try {
      const done = await allot.mutateAsync(allotting.id);
      setAllotting(null);
      showSuccessToast(t('ipos.allottedToast', { code: done.stockCode }));
      setPanel({ kind: 'draw', id: done.id });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section className="bo-page">
      <PageHeader
        title={t('ipos.title')}
        subtitle={t('ipos.subtitle')}
        actions={
          <button type="button" className="bo-button bo-button-primary" onClick={() => setPanel({ kind: 'create' })}>
            {t('ipos.new')}
          </button>
        }
      />
      {panel?.kind === 'create' ? <IpoForm key="create" onDone={() => setPanel(null)} /> : null}
      {panel?.kind === 'edit' ? <IpoForm key={`edit-${panel.ipo.id}`} ipo={panel.ipo} onDone={() => setPanel(null)} /> : null}
      {panel?.kind === 'draw' ? <DrawPanel key={panel.id} ipoId={panel.id} onClose={() => setPanel(null)} /> : null}
      <QueryView query={query}>
        {(ipos) => (
          <div className="bo-card bo-card-flush" aria-busy={query.isFetching}>
            <DataTable
              caption={t('ipos.title')}
              rows={ipos}
              rowKey={(row) => row.id}
              empty={t('ipos.empty')}
              columns={[
                {
                  key: 'code',
                  header: t('ipos.offering'),
                  kind: 'wrap',
                  render: (row) => (
                    <>
                      <strong>{row.stockCode}</strong> {row.name}
                    </>
                  ),
                },
                { key: 'price', header: t('ipos.price'), kind: 'num', render: (row) => `${formatMoney(row.price, row.currency)} × ${formatNumberPlain(row.lotSize)}` },
                { key: 'demand', header: t('ipos.demand'), kind: 'wrap', render: (row) => t('ipos.demandShort', { demand: formatNumberPlain(row.demandLots), offered: formatNumberPlain(row.lotsOffered), n: row.subscriptions }) },
                { key: 'end', header: t('ipos.purchaseEndDate'), render: (row) => formatDateTime(row.purchaseEndDate) },
                { key: 'list', header: t('ipos.listDate'), render: (row) => formatDateTime(row.listDate) },
                { key: 'status', header: t('ipos.status'), render: (row) => t(`ipos.statuses.${row.status}`) },
                {
                  key: 'actions',
                  header: t('ipos.actions'),
                  render: (row) => (
                    <div className="bo-actions">
                      {row.editable ? (
                        <button type="button" className="bo-button bo-button-small" onClick={() => setPanel({ kind: 'edit', ipo: row })}>
                          {t('ipos.edit')}
                        </button>
                      ) : null}
                      {row.status === 'closed' ? (
                        <button type="button" className="bo-button bo-button-small" onClick={() => setAllotting(row)}>
                          {t('ipos.allot')}
                        </button>
                      ) : null}
                      {row.allottedLots !== null ? (
                        <button type="button" className="bo-button bo-button-small" onClick={() => setPanel({ kind: 'draw', id: row.id })}>
                          {t('ipos.draw')}
                        </button>
                      ) : null}
                    </div>
                  ),
                },
              ]}
            />
          </div>
        )}
      </QueryView>
      {allotting ? (
        <ConfirmDialog
          title={t('ipos.allotTitle', { code: allotting.stockCode })}
          body={<p>{t('ipos.allotBody')}</p>}
          confirmLabel={t('ipos.allot')}
          busy={allot.isPending}
          error={error}
          onConfirm={() => void runAllotment()}
          onCancel={() => setAllotting(null)}
        />
      ) : null}
    </section>
  );
}
