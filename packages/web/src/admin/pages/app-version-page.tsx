import type { AppVersion } from '@tradewind/contract';
import { type FormEvent, useId, useState } from 'react';
import { showSuccessToast } from '../../lib/toast';
import { usePublishedAppVersion } from '../api/get-app-version';
import { usePublishAppVersion } from '../api/publish-app-version';
import { PageHeader } from '../components/page-header';
import { QueryView } from '../components/query-view';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { errorMessage } from '../lib/error-message';
import { formatDateTime } from '../lib/format';

/** Hosts one per line (or separated by commas or spaces), as the editor shows them. */
const hostsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((host) => host.trim())
    .filter(Boolean);

function AppVersionForm({ current }: { current: AppVersion }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const publish = usePublishAppVersion();
  const [version, setVersion] = useState(current.version);
  const [forceUpdate, setForceUpdate] = useState(current.forceUpdate);
  const [downloadUrl, setDownloadUrl] = useState(current.downloadUrl);
  const [notes, setNotes] = useState(current.notes);
  const [hosts, setHosts] = useState(current.webviewHosts.join('\n'));
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const published = await publish.mutateAsync({ version: version.trim(), forceUpdate, downloadUrl: downloadUrl.trim(), notes, webviewHosts: hostsOf(hosts) });
      showSuccessToast(t('appVersion.published', { version: published.version }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <form className="bo-card bo-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('appVersion.title')}>
      <p className="bo-page-subtitle">{t('appVersion.current', { version: current.version, time: formatDateTime(current.publishTimestamp) })}</p>
      <div className="bo-form-grid">
        <div className="bo-field">
          <label className="bo-label" htmlFor={`${id}-version`}>
            {t('appVersion.version')}
          </label>
          <input id={`${id}-version`} className="bo-input" value={version} onChange={(event) => setVersion(event.target.value)} placeholder="1.4.0" />
        </div>
        <div className="bo-field">
          <label className="bo-label" htmlFor={`${id}-download`}>
            {t('appVersion.downloadUrl')}
          </label>
          <input id={`${id}-download`} className="bo-input" value={downloadUrl} onChange={(event) => setDownloadUrl(event.target.value)} placeholder="https://" />
        </div>
        <label className="bo-field-span bo-check">
          <input type="checkbox" checked={forceUpdate} onChange={(event) => setForceUpdate(event.target.checked)} />
          <span>{t('appVersion.forceUpdate')}</span>
        </label>
        <div className="bo-field bo-field-span">
          <label className="bo-label" htmlFor={`${id}-notes`}>
            {t('appVersion.notes')}
          </label>
          <textarea id={`${id}-notes`} className="bo-input bo-textarea" maxLength={2000} value={notes} onChange={(event) => setNotes(event.target.value)} />
        </div>
        <div className="bo-field bo-field-span">
          <label className="bo-label" htmlFor={`${id}-hosts`}>
            {t('appVersion.webviewHosts')}
          </label>
          <textarea id={`${id}-hosts`} className="bo-input bo-textarea" value={hosts} onChange={(event) => setHosts(event.target.value)} placeholder="docs.example.com" />
          <p className="bo-page-subtitle">{t('appVersion.webviewHostsHint')}</p>
        </div>
      </div>
      {error ? (
        <p className="bo-form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="bo-form-actions">
        <button type="submit" className="bo-button bo-button-primary" disabled={publish.isPending}>
          {publish.isPending ? t('common.working') : t('appVersion.publish')}
        </button>
      </div>
    </form>
  );
}

/** SPEC §3 app config: the version the app is served, its update policy and the webview allow-list. */
export function AppVersionPage() {
  const { t } = useAdminTranslation();
  const query = usePublishedAppVersion();
  return (
    <section className="bo-page">
      <PageHeader title={t('appVersion.title')} subtitle={t('appVersion.subtitle')} />
      <QueryView query={query}>{(current) => <AppVersionForm key={current.publishTimestamp} current={current} />}</QueryView>
    </section>
  );
}
