import '../articles.css';
import type { AdminArticle, ArticleStatus } from '@tradewind/contract';
import { useId, useState } from 'react';
import { showSuccessToast } from '../../lib/toast';
import { useArticles } from '../api/get-articles';
import { usePublishArticle, useUnpublishArticle } from '../api/save-article';
import { ArticleEditor } from '../components/article-editor';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable } from '../components/data-table';
import { PageHeader } from '../components/page-header';
import { QueryView } from '../components/query-view';
import { StatusBadge } from '../components/status-badge';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { errorMessage } from '../lib/error-message';
import { formatDateTime } from '../lib/format';
import type { Tone } from '../lib/review-status';
import { renderPattern } from '../../lib/format-date';

const statusTone: Record<ArticleStatus, Tone> = { draft: 'neutral', scheduled: 'pending', published: 'good' };

/** `<input type="datetime-local">` works in the admin's local time; the server takes Unix seconds. */
const toLocalInput = (seconds: number) => renderPattern(new Date(seconds * 1000), 'YYYY-MM-DDTHH:mm');
const fromLocalInput = (text: string) => {
  const time = new Date(text).getTime();
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000);
};

type Dialog = { kind: 'publish'; article: AdminArticle } | { kind: 'unpublish'; article: AdminArticle } | null;

/** News and notices in the back office: write, translate, schedule, publish and unpublish. */
export function ArticlesPage() {
  const { t } = useAdminTranslation();
  const id = useId();
  const query = useArticles();
  const publish = usePublishArticle();
  const unpublish = useUnpublishArticle();
  const [editing, setEditing] = useState<{ article?: AdminArticle } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [when, setWhen] = useState('');
  const [error, setError] = useState<string | null>(null);

  const open = (next: Dialog) => {
    setError(null);
    setWhen(toLocalInput(Math.floor(Date.now() / 1000) + 3600));
    setDialog(next);
  };
  const run = async (action: () => Promise<unknown>, toast: string) => {
    setError(null);
    try {
      await action();
      setDialog(null);
      showSuccessToast(toast);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const titleOf = (article: AdminArticle) => article.translations.en?.title ?? `#${article.id}`;

  return (
    <section className="bo-page">
      <PageHeader
        title={t('articles.title')}
        subtitle={t('articles.subtitle')}
        actions={
          <button type="button" className="bo-button bo-button-primary" onClick={() => setEditing({})}>
            {t('articles.new')}
          </button>
        }
      />
      {editing ? <ArticleEditor key={editing.article?.id ?? 'new'} article={editing.article} onDone={() => setEditing(null)} /> : null}
      <QueryView query={query}>
        {(articles) => (
          <DataTable
            caption={t('articles.title')}
            rows={articles}
            rowKey={(row) => row.id}
            empty={t('articles.empty')}
            columns={[
              { key: 'title', header: t('articles.headline'), kind: 'wrap', render: (row) => titleOf(row) },
              { key: 'kind', header: t('articles.kind'), render: (row) => `${t(`articles.kinds.${row.kind}`)} · ${t(`articles.tags.${row.tag}`)}` },
              { key: 'status', header: t('articles.status'), render: (row) => <StatusBadge tone={statusTone[row.status]}>{t(`articles.statuses.${row.status}`)}</StatusBadge> },
              { key: 'publishAt', header: t('articles.publishAt'), render: (row) => formatDateTime(row.publishTimestamp) || '—' },
              { key: 'languages', header: t('articles.languages'), kind: 'wrap', render: (row) => Object.keys(row.translations).join(' ') },
              {
                key: 'actions',
                header: t('articles.actions'),
                render: (row) => <ArticleRowActions article={row} title={titleOf(row)} onEdit={() => setEditing({ article: row })} onOpen={open} />,
              },
            ]}
          />
        )}
      </QueryView>

      {dialog?.kind === 'publish' ? (
        <ConfirmDialog
          title={t('articles.publishTitle', { title: titleOf(dialog.article) })}
          body={t('articles.publishBody')}
          confirmLabel={t('articles.publishNow')}
          busy={publish.isPending}
          error={error}
          onConfirm={() => void run(() => publish.mutateAsync({ id: dialog.article.id }), t('articles.publishedToast'))}
          onCancel={() => setDialog(null)}
        >
          <div className="bo-field">
            <label className="bo-label" htmlFor={`${id}-when`}>
              {t('articles.scheduleAt')}
            </label>
            <input id={`${id}-when`} className="bo-input" type="datetime-local" value={when} onChange={(event) => setWhen(event.target.value)} />
            <button
              type="button"
              className="bo-button bo-button-small bo-article-schedule"
              disabled={publish.isPending || fromLocalInput(when) === undefined}
              onClick={() => void run(() => publish.mutateAsync({ id: dialog.article.id, publishAt: fromLocalInput(when) }), t('articles.scheduledToast'))}
            >
              {t('articles.schedule')}
            </button>
          </div>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'unpublish' ? (
        <ConfirmDialog
          title={t('articles.unpublishTitle', { title: titleOf(dialog.article) })}
          body={t('articles.unpublishBody')}
          confirmLabel={t('articles.unpublish')}
          tone="danger"
          busy={unpublish.isPending}
          error={error}
          onConfirm={() => void run(() => unpublish.mutateAsync(dialog.article.id), t('articles.unpublishedToast'))}
          onCancel={() => setDialog(null)}
        >
          {null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** A row's buttons: edit, and publish a draft or unpublish what is out (or scheduled). */
function ArticleRowActions({ article, title, onEdit, onOpen }: { article: AdminArticle; title: string; onEdit: () => void; onOpen: (dialog: Dialog) => void }) {
  const { t } = useAdminTranslation();
  return (
    <span className="bo-row-actions">
      <button type="button" className="bo-button bo-button-small" onClick={onEdit} aria-label={`${t('articles.edit')}: ${title}`}>
        {t('articles.edit')}
      </button>
      {article.status === 'draft' ? (
        <button type="button" className="bo-button bo-button-small bo-button-primary" onClick={() => onOpen({ kind: 'publish', article })} aria-label={`${t('articles.publish')}: ${title}`}>
          {t('articles.publish')}
        </button>
      ) : (
        <button type="button" className="bo-button bo-button-small" onClick={() => onOpen({ kind: 'unpublish', article })} aria-label={`${t('articles.unpublish')}: ${title}`}>
          {t('articles.unpublish')}
        </button>
      )}
    </span>
  );
}
