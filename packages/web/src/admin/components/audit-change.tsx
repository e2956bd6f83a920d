import { type AdminT, useAdminTranslation } from '../i18n/use-admin-translation';
import { permissionStatusLabel, reviewStatusLabel } from '../lib/review-status';

type Detail = Record<string, unknown>;

function isRecord(value: unknown): value is Detail {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Actions whose `status` is a review status (1 pending, 2 failed, 3 passed) or a permission status. */
const REVIEWED = /^(deposit|withdrawal|kyc)\./;
const PERMISSION = /^permission\./;

function show(value: unknown, field: string, action: string, t: AdminT): string {
  if (value === undefined || value === null) return '';
  if (field === 'status' && typeof value === 'number') {
    if (REVIEWED.test(action) && value >= 1 && value <= 3) return `${t(reviewStatusLabel(value).key)}\u00a0(${value})`;
    if (PERMISSION.test(action) && value >= 0 && value <= 3) return `${t(permissionStatusLabel(value).key)}\u00a0(${value})`;
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * What an audited action changed: `before` and `after` side by side, field by field, changed
 * fields marked; any other detail the server recorded is shown as it came.
 */
export function AuditChange({ action, detail }: { action: string; detail: Detail }) {
  const { t } = useAdminTranslation();
  const { before, after, ...rest } = detail;
  const beforeRecord = isRecord(before) ? before : before === undefined ? {} : { value: before };
  const afterRecord = isRecord(after) ? after : after === undefined ? {} : { value: after };
  const fields = [...new Set([...Object.keys(beforeRecord), ...Object.keys(afterRecord)])];
  const extra = Object.keys(rest).length > 0 ? JSON.stringify(rest) : null;

  if (fields.length === 0 && !extra) return <span className="bo-muted">{t('common.none')}</span>;
  return (
    <div className="bo-change">
      {fields.length > 0 ? (
        <table className="bo-change-table">
          <thead>
            <tr>
              <th scope="col">{t('audit.field')}</th>
              <th scope="col">{t('audit.before')}</th>
              <th scope="col">{t('audit.after')}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => {
              const from = show(beforeRecord[field], field, action, t);
              const to = show(afterRecord[field], field, action, t);
              return (
                <tr key={field} className={from !== to ? 'bo-change-changed' : undefined}>
                  <th scope="row">{field}</th>
                  <td>{from || '—'}</td>
                  <td>{to || '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {extra ? <code className="bo-change-extra">{extra}</code> : null}
    </div>
  );
}
