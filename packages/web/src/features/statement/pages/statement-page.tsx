import '../statement.css';
import { statementCanonicalText, STATEMENT_MAX_DAYS, type Statement } from '@tradewind/contract';
import { useEffect, useState } from 'react';
import { DelayedLoading } from '../../../components/delayed-loading';
import { LoadError } from '../../../components/load-error';
import { copyText } from '../../../lib/clipboard';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { fetchStatementFile, saveFile } from '../api/download-statement';
import { useStatement, useVerifyStatement, type StatementPeriod } from '../api/get-statement';
import { StatementAccountCard } from '../components/statement-account-card';
import { useStatementTranslation } from '../i18n/use-statement-translation';

const DAY_MS = 86_400_000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** This month so far, in UTC days. */
function defaultPeriod(now = new Date()): StatementPeriod {
  return { from: `${utcDay(now).slice(0, 8)}01`, to: utcDay(now) };
}

function validPeriod(period: StatementPeriod): boolean {
  const from = Date.parse(`${period.from}T00:00:00Z`);
  const to = Date.parse(`${period.to}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to)) return false;
  const days = (to - from) / DAY_MS + 1;
  return days >= 1 && days <= STATEMENT_MAX_DAYS;
}

/** SHA-256 of the statement's canonical text, recomputed in the browser (Web Crypto); null where it is unavailable. */
async function recomputeDigest(statement: Statement): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
  if (!subtle) return null;
  const hash = await subtle.digest('SHA-256', new TextEncoder().encode(statementCanonicalText(statement)));
  return [...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

type DigestCheck = 'pending' | 'match' | 'mismatch' | 'unavailable';

function useDigestCheck(statement: Statement | undefined): DigestCheck {
  const [check, setCheck] = useState<{ digest: string; result: DigestCheck } | null>(null);
  useEffect(() => {
    if (!statement) return;
    let live = true;
    recomputeDigest(statement)
      .then((digest) => live && setCheck({ digest: statement.digest, result: digest === null ? 'unavailable' : digest === statement.digest ? 'match' : 'mismatch' }))
      .catch(() => live && setCheck({ digest: statement.digest, result: 'unavailable' }));
    return () => {
      live = false;
    };
  }, [statement]);
  return statement && check?.digest === statement.digest ? check.result : 'pending';
}

/**
 * `/pages/profile/statement`: the provable statement of a period — per wallet and currency the opening
 * balance, every posting and the closing balance, each checked to add up here; the digest, recomputed on
 * this device and checkable against the ledger; CSV and PDF downloads.
 */
export function StatementPage() {
  const { t } = useStatementTranslation();
  const [period, setPeriod] = useState<StatementPeriod>(() => defaultPeriod());
  const valid = validPeriod(period);
  const statement = useStatement(valid ? period : null);
  const digestCheck = useDigestCheck(statement.data);
  const verify = useVerifyStatement();
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);

  const download = async (format: 'csv' | 'pdf') => {
    setDownloading(format);
    try {
      saveFile(await fetchStatementFile(format, period));
    } catch (error) {
      showToast(error instanceof Error && error.message ? error.message : t('statement.downloadFailed'));
    } finally {
      setDownloading(null);
    }
  };

  const data = statement.data;
  const shown = data?.accounts.filter((a) => a.postings.length > 0 || a.opening !== '0.00' || a.closing !== '0.00') ?? [];
  const hidden = (data?.accounts.length ?? 0) - shown.length;

  return (
    <>
      <div className="section">
        <div className="card st-period">
          <p className="st-intro">{t('statement.intro')}</p>
          <div className="st-dates">
            <label className="st-date">
              <span>{t('statement.from')}</span>
              <input type="date" name="from" value={period.from} max={period.to} onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))} />
            </label>
            <label className="st-date">
              <span>{t('statement.to')}</span>
              <input type="date" name="to" value={period.to} min={period.from} onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))} />
            </label>
          </div>
          <p className={valid ? 'st-hint' : 'st-hint st-hint-bad'} role={valid ? undefined : 'alert'}>
            {valid ? t('statement.periodHint') : t('statement.badPeriod')}
          </p>
          <div className="st-downloads">
            <button type="button" className="st-button" disabled={!valid || downloading !== null} onClick={() => void download('csv')}>
              {t('statement.downloadCsv')}
            </button>
            <button type="button" className="st-button" disabled={!valid || downloading !== null} onClick={() => void download('pdf')}>
              {t('statement.downloadPdf')}
            </button>
          </div>
        </div>
      </div>

      {!valid ? null : !data ? (
        statement.isError ? <LoadError onRetry={() => void statement.refetch()} /> : <DelayedLoading />
      ) : (
        <>
          {shown.map((account) => (
            <div className="section" key={`${account.walletType}-${account.currency}`}>
              <StatementAccountCard account={account} />
            </div>
          ))}
          {hidden > 0 ? <p className="st-hidden">{t('statement.emptyWallets', { count: hidden })}</p> : null}
          <div className="section">
            <div className="card st-digest">
              <h3 className="st-account-title">{t('statement.digest')}</h3>
              <code className="st-digest-value" data-testid="statement-digest">
                {data.digest}
              </code>
              <p className="st-hint">{t('statement.digestHint')}</p>
              {digestCheck === 'pending' ? null : (
                <p className={`st-check ${digestCheck === 'mismatch' ? 'st-check-bad' : digestCheck === 'match' ? 'st-check-ok' : ''}`} data-testid="statement-digest-check" role="status">
                  {digestCheck === 'match' ? t('statement.digestChecked') : digestCheck === 'mismatch' ? t('statement.digestMismatch') : t('statement.digestUnchecked')}
                </p>
              )}
              {verify.data && verify.variables?.digest === data.digest ? (
                <p className={`st-check ${verify.data.matches ? 'st-check-ok' : 'st-check-bad'}`} data-testid="statement-verified" role="status">
                  {verify.data.matches ? t('statement.verified') : t('statement.notVerified')}
                </p>
              ) : null}
              <div className="st-downloads">
                <button type="button" className="st-button st-button-quiet" onClick={() => void copyText(data.digest).then((done) => (done ? showSuccessToast(t('statement.copied')) : undefined))}>
                  {t('statement.copyDigest')}
                </button>
                <button type="button" className="st-button st-button-quiet" disabled={verify.isPending} onClick={() => verify.mutate({ from: data.from, to: data.to, digest: data.digest })}>
                  {t('statement.verify')}
                </button>
              </div>
            </div>
          </div>
        </>
      )}
    </>
  );
}
