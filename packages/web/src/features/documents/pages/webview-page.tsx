import '../documents.css';
import { useSearchParams } from '../../../lib/router/router';
import { DelayedLoading } from '../../../components/delayed-loading';
import { LoadError } from '../../../components/load-error';
import { useAppVersion } from '../api/get-app-version';
import { type DocumentsKey, useDocumentsTranslation } from '../i18n/use-documents-translation';
import { type InternalDocument, internalDocumentOf, resolveDocument } from '../utils/document-target';

const SECTIONS = ['s1', 's2', 's3', 's4'] as const;

function InternalDocumentView({ document }: { document: InternalDocument }) {
  const { t } = useDocumentsTranslation();
  return (
    <article className="dc-article">
      <h2 className="dc-title">{t(`${document}.title`)}</h2>
      <p className="dc-updated">{t(`${document}.updated`)}</p>
      {SECTIONS.map((section) => (
        <section key={section}>
          <h3 className="dc-heading">{t(`${document}.sections.${section}.heading` as DocumentsKey)}</h3>
          <p className="dc-body">{t(`${document}.sections.${section}.body` as DocumentsKey)}</p>
        </section>
      ))}
    </article>
  );
}

function Refused({ text }: { text: string }) {
  const { t } = useDocumentsTranslation();
  return (
    <div className="section">
      <div className="card dc-refused" role="alert">
        <h2 className="dc-refused-title">{t('viewer.refusedTitle')}</h2>
        <p className="dc-refused-text">{text}</p>
      </div>
    </div>
  );
}

/**
 * SPEC §2 `/pages/webview/index`: the app's own documents (`?doc=terms`, `?doc=privacy`) in the
 * reader's language, or an outside page (`?url=`) framed only when its host is on the allow-list
 * published with the app version.
 */
export function WebviewPage() {
  const { t } = useDocumentsTranslation();
  const [query] = useSearchParams();
  const internal = internalDocumentOf(query);
  const appVersion = useAppVersion({ enabled: internal === null });
  if (internal) return <InternalDocumentView document={internal} />;

  if (!appVersion.data) return appVersion.isError ? <LoadError onRetry={() => void appVersion.refetch()} /> : <DelayedLoading />;
  const target = resolveDocument(query, appVersion.data.webviewHosts, window.location.origin);
  switch (target.kind) {
    case 'internal':
      return <InternalDocumentView document={target.document} />;
    case 'external':
      return (
        <iframe
          className="dc-frame"
          src={target.url}
          title={t('viewer.frameTitle', { host: target.host })}
          sandbox="allow-scripts allow-popups allow-forms"
          referrerPolicy="no-referrer"
        />
      );
    case 'refused':
      if (target.reason === 'host') return <Refused text={t('viewer.refusedHost', { host: target.host })} />;
      if (target.reason === 'insecure') return <Refused text={t('viewer.refusedInsecure')} />;
      if (target.reason === 'invalid') return <Refused text={t('viewer.refusedInvalid')} />;
      return <Refused text={t('viewer.missing')} />;
  }
}
