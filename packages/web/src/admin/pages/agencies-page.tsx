import type { AgencyInput } from '@tradewind/contract';
import { type FormEvent, useId, useState } from 'react';
import { showSuccessToast } from '../../lib/toast';
import { type AdminAgency, useAgencies } from '../api/get-agencies';
import { useSaveAgency } from '../api/save-agency';
import { DataTable } from '../components/data-table';
import { Modal } from '../components/modal';
import { PageHeader } from '../components/page-header';
import { QueryView } from '../components/query-view';
import { StatusBadge } from '../components/status-badge';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { errorMessage } from '../lib/error-message';

interface Line {
  stockCode: string;
  weight: string;
}

interface Draft {
  name: string;
  strategy: string;
  feePercent: string;
  termDays: string;
  active: boolean;
  holdings: Line[];
}

const emptyDraft: Draft = { name: '', strategy: '', feePercent: '1', termDays: '90', active: true, holdings: [{ stockCode: '', weight: '100' }] };

const draftOf = (agency: AdminAgency): Draft => ({
  name: agency.name,
  strategy: agency.strategy,
  feePercent: String(agency.feePercent),
  termDays: String(agency.termDays),
  active: agency.active,
  holdings: agency.holdings.map((h) => ({ stockCode: h.stockCode, weight: String(h.weight) })),
});

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
/** Weights in hundredths of a percent, so 33.33 + 33.33 + 33.34 adds up to exactly 100. */
const hundredths = (text: string) => Math.round(Number(text) * 100);

/** What the server would refuse, found before sending: an empty field, a weight that is not a percent, a total other than 100. */
function problemsOf(draft: Draft, t: ReturnType<typeof useAdminTranslation>['t']): string | null {
  if (!draft.name.trim() || !draft.strategy.trim()) return t('agencies.required');
  if (!PERCENT.test(draft.feePercent.trim()) || Number(draft.feePercent) > 10) return t('agencies.feeInvalid');
  if (!/^\d{1,4}$/.test(draft.termDays.trim()) || Number(draft.termDays) < 1 || Number(draft.termDays) > 3650) return t('agencies.termInvalid');
  if (draft.holdings.length === 0 || draft.holdings.some((h) => !h.stockCode.trim() || !PERCENT.test(h.weight.trim()) || hundredths(h.weight) <= 0)) {
    return t('agencies.holdingInvalid');
  }
  const total = draft.holdings.reduce((sum, h) => sum + hundredths(h.weight), 0);
  return total === 10_000 ? null : t('agencies.weightsTotal', { total: (total / 100).toFixed(2) });
}

function AgencyEditor({ agency, onClose }: { agency: AdminAgency | null; onClose: () => void }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const save = useSaveAgency();
  const [draft, setDraft] = useState<Draft>(agency ? draftOf(agency) : emptyDraft);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const setLine = (index: number, patch: Partial<Line>) =>
    setDraft((current) => ({ ...current, holdings: current.holdings.map((line, i) => (i === index ? { ...line, ...patch } : line)) }));
  const total = draft.holdings.reduce((sum, h) => sum + (PERCENT.test(h.weight.trim()) ? hundredths(h.weight) : 0), 0) / 100;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = problemsOf(draft, t);
    setError(problem);
    if (problem) return;
    const input: AgencyInput = {
      name: draft.name.trim(),
      strategy: draft.strategy.trim(),
      feePercent: Number(draft.feePercent),
      termDays: Number(draft.termDays),
      active: draft.active,
      holdings: draft.holdings.map((h) => ({ stockCode: h.stockCode.trim().toUpperCase(), weight: Number(h.weight) })),
    };
    try {
      await save.mutateAsync({ id: agency?.id ?? null, input });
      showSuccessToast(t('agencies.saved', { name: input.name }));
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const title = agency ? t('agencies.editTitle', { name: agency.name }) : t('agencies.newTitle');
  return (
    <Modal title={title} onClose={onClose} variant="drawer" locked={save.isPending}>
      <form className="bo-form" onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <div className="bo-form-grid">
          <div className="bo-field bo-field-span">
            <label className="bo-label" htmlFor={`${id}-name`}>
              {t('agencies.name')}
            </label>
            <input id={`${id}-name`} className="bo-input" maxLength={50} value={draft.name} onChange={(event) => set({ name: event.target.value })} data-autofocus />
          </div>
          <div className="bo-field bo-field-span">
            <label className="bo-label" htmlFor={`${id}-strategy`}>
              {t('agencies.strategy')}
            </label>
            <textarea id={`${id}-strategy`} className="bo-input bo-textarea" maxLength={1000} value={draft.strategy} onChange={(event) => set({ strategy: event.target.value })} />
          </div>
          <div className="bo-field">
            <label className="bo-label" htmlFor={`${id}-fee`}>
              {t('agencies.feePercent')}
            </label>
            <input id={`${id}-fee`} className="bo-input" inputMode="decimal" value={draft.feePercent} onChange={(event) => set({ feePercent: event.target.value })} />
          </div>
          <div className="bo-field">
            <label className="bo-label" htmlFor={`${id}-term`}>
              {t('agencies.termDays')}
            </label>
            <input id={`${id}-term`} className="bo-input" inputMode="numeric" value={draft.termDays} onChange={(event) => set({ termDays: event.target.value })} />
          </div>
          <label className="bo-field-span bo-check">
            <input type="checkbox" checked={draft.active} onChange={(event) => set({ active: event.target.checked })} />
            <span>{t('agencies.activeLabel')}</span>
          </label>
        </div>
        <fieldset className="bo-fieldset">
          <legend className="bo-label">{t('agencies.portfolio', { total: total.toFixed(2) })}</legend>
          {draft.holdings.map((line, index) => (
            <div key={index} className="bo-form-grid">
              <div className="bo-field">
                <label className="bo-label" htmlFor={`${id}-code-${index}`}>
                  {t('agencies.stockCode', { n: index + 1 })}
                </label>
                <input id={`${id}-code-${index}`} className="bo-input" value={line.stockCode} onChange={(event) => setLine(index, { stockCode: event.target.value })} />
              </div>
              <div className="bo-field">
                <label className="bo-label" htmlFor={`${id}-weight-${index}`}>
                  {t('agencies.weight', { n: index + 1 })}
                </label>
                <input id={`${id}-weight-${index}`} className="bo-input" inputMode="decimal" value={line.weight} onChange={(event) => setLine(index, { weight: event.target.value })} />
              </div>
              <button
                type="button"
                className="bo-button bo-button-small"
                disabled={draft.holdings.length === 1}
                onClick={() => set({ holdings: draft.holdings.filter((_, i) => i !== index) })}
              >
                {t('agencies.removeLine', { n: index + 1 })}
              </button>
            </div>
          ))}
          <button type="button" className="bo-button bo-button-small" onClick={() => set({ holdings: [...draft.holdings, { stockCode: '', weight: '' }] })}>
            {t('agencies.addLine')}
          </button>
        </fieldset>
        {error ? (
          <p className="bo-field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="bo-form-actions">
          <button type="button" className="bo-button" onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-button bo-button-primary" disabled={save.isPending}>
            {save.isPending ? t('common.working') : t('agencies.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

const returnOf = (value: number | null) => (value === null ? '—' : `${value > 0 ? '+' : ''}${value.toFixed(2)}%`);

/** Investment agencies for follow orders: their terms and model portfolios (weights add up to 100 %, US stocks only). */
export function AgenciesPage() {
  const { t } = useAdminTranslation();
  const query = useAgencies();
  const [editing, setEditing] = useState<AdminAgency | null | undefined>();
  return (
    <section className="bo-page">
      <PageHeader
        title={t('agencies.title')}
        subtitle={t('agencies.subtitle')}
        actions={
          <button type="button" className="bo-button bo-button-primary" onClick={() => setEditing(null)}>
            {t('agencies.new')}
          </button>
        }
      />
      <QueryView query={query}>
        {(agencies) => (
          <div className="bo-card bo-card-flush">
            <DataTable
              caption={t('agencies.title')}
              rows={agencies}
              rowKey={(row) => row.id}
              empty={t('agencies.empty')}
              columns={[
                { key: 'name', header: t('agencies.name'), render: (row) => row.name },
                {
                  key: 'portfolio',
                  header: t('agencies.portfolioColumn'),
                  kind: 'wide',
                  render: (row) => row.holdings.map((h) => `${h.stockCode} ${h.weight}%`).join(', '),
                },
                { key: 'fee', header: t('agencies.feePercent'), kind: 'num', render: (row) => `${row.feePercent.toFixed(2)}%` },
                { key: 'term', header: t('agencies.termDays'), kind: 'num', render: (row) => row.termDays },
                { key: 'year', header: t('agencies.return1y'), kind: 'num', render: (row) => returnOf(row.trackRecord.year1) },
                { key: 'follows', header: t('agencies.openFollows'), kind: 'num', render: (row) => row.openFollows },
                {
                  key: 'status',
                  header: t('common.status'),
                  render: (row) => <StatusBadge tone={row.active ? 'good' : 'neutral'}>{t(row.active ? 'agencies.active' : 'agencies.inactive')}</StatusBadge>,
                },
                {
                  key: 'actions',
                  header: t('common.actions'),
                  render: (row) => (
                    <button type="button" className="bo-button bo-button-small" onClick={() => setEditing(row)} aria-label={t('agencies.editTitle', { name: row.name })}>
                      {t('agencies.edit')}
                    </button>
                  ),
                },
              ]}
            />
          </div>
        )}
      </QueryView>
      {editing !== undefined ? <AgencyEditor agency={editing} onClose={() => setEditing(undefined)} /> : null}
    </section>
  );
}
