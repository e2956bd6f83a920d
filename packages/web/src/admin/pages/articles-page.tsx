import '../articles.css';
import {
  type AdminArticle,
  type ArticleKind,
  articleKinds,
  type ArticleStatus,
  type ArticleTag,
  articleTags,
  type Locale,
  locales,
  type SaveArticleInput,
} from '@tradewind/contract';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { sanitizeArticleHtml } from '../../lib/article-html';
import { showSuccessToast } from '../../lib/toast';
import { useArticles } from '../api/get-articles';
import { usePublishArticle, useSaveArticle, useUnpublishArticle } from '../api/save-article';
import { CodePicker } from '../components/code-picker';
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

interface Text {
  title: string;
  summary: string;
  content: string;
}
const emptyText: Text = { title: '', summary: '', content: '' };

const statusTone: Record<ArticleStatus, Tone> = { draft: 'neutral', scheduled: 'pending', published: 'good' };

/** `<input type="datetime-local">` works in the admin's local time; the server takes Unix seconds. */
const toLocalInput = (seconds: number) => renderPattern(new Date(seconds * 1000), 'YYYY-MM-DDTHH:mm');
const fromLocalInput = (text: string) => {
  const time = new Date(text).getTime();
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000);
};

const hasText = (text: Text | undefined) => text !== undefined && (text.title.trim() !== '' || text.content.trim() !== '');

/** The formatting buttons: each wraps the selection (or inserts an empty pair) in the body's textarea. */
const formats = [
  { key: 'bold', open: '<strong>', close: '</strong>' },
  { key: 'italic', open: '<em>', close: '</em>' },
  { key: 'heading', open: '<h3>', close: '</h3>' },
  { key: 'paragraph', open: '<p>', close: '</p>' },
  { key: 'list', open: '<ul>\n  <li>', close: '</li>\n</ul>' },
] as const;

/** Write or edit an article: kind, topic, the instruments it is about, and per language a title, a summary and an HTML body with a live preview. */
function ArticleEditor({ article, onDone }: { article?: AdminArticle | undefined; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const save = useSaveArticle();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [kind, setKind] = useState<ArticleKind>(article?.kind ?? 'news');
  const [tag, setTag] = useState<ArticleTag>(article?.tag ?? 'markets');
  const [codes, setCodes] = useState<string[]>(() => [...(article?.codes ?? [])]);
  const [texts, setTexts] = useState<Partial<Record<Locale, Text>>>(() => ({ ...article?.translations }));
  const [locale, setLocale] = useState<Locale>('en');
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const text = texts[locale] ?? emptyText;
  const preview = useMemo(() => sanitizeArticleHtml(text.content), [text.content]);

  const setText = (patch: Partial<Text>) => setTexts((current) => ({ ...current, [locale]: { ...(current[locale] ?? emptyText), ...patch } }));

  const applyFormat = (open: string, close: string) => {
    const area = bodyRef.current;
    if (!area) return;
    const { selectionStart: start, selectionEnd: end, value } = area;
    setText({ content: value.slice(0, start) + open + value.slice(start, end) + close + value.slice(end) });
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(start + open.length, end + open.length);
    });
  };
  const addLink = () => {
    const href = window.prompt(t('articles.linkPrompt'), 'https://');
    if (href && /^https?:\/\/\S+$/i.test(href.trim())) applyFormat(`<a href="${href.trim().replaceAll('"', '%22')}">`, '</a>');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    for (const code of locales) {
      const entry = texts[code];
      if (code !== 'en' && !hasText(entry)) continue;
      if (!entry?.title.trim()) next[`${code}.title`] = code === 'en' ? t('articles.englishRequired') : t('articles.titleRequired');
      if (!entry?.content.trim()) next[`${code}.content`] = code === 'en' ? t('articles.englishRequired') : t('articles.contentRequired');
    }
    setProblems(next);
    const first = Object.keys(next)[0];
    if (first) {
      setLocale(first.split('.')[0] as Locale);
      return;
    }
    const translations = Object.fromEntries(
      locales.filter((code) => hasText(texts[code])).map((code) => [code, { title: texts[code]!.title.trim(), summary: texts[code]!.summary.trim(), content: texts[code]!.content }]),
    ) as SaveArticleInput['translations'];
    setError(null);
    try {
      await save.mutateAsync({ id: article?.id, article: { kind, tag, codes, translations } });
      showSuccessToast(t(article ? 'articles.savedToast' : 'articles.createdToast'));
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const problem = (field: 'title' | 'content') => problems[`${locale}.${field}`];

  return (
    <form className="bo-form bo-card" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="bo-section-title">
        {article ? t('articles.editTitle', { id: article.id }) : t('articles.createTitle')}
      </h2>
      <p className="bo-hint">{t('articles.editorHint')}</p>
      <div className="bo-form-grid">
        <div className="bo-field">
          <label className="bo-label" htmlFor={`${id}-kind`}>
            {t('articles.kind')}
          </label>
          <select id={`${id}-kind`} className="bo-input" value={kind} onChange={(event) => setKind(event.target.value as ArticleKind)}>
            {articleKinds.map((value) => (
              <option key={value} value={value}>
                {t(`articles.kinds.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="bo-field">
          <label className="bo-label" htmlFor={`${id}-tag`}>
            {t('articles.tag')}
          </label>
          <select id={`${id}-tag`} className="bo-input" value={tag} onChange={(event) => setTag(event.target.value as ArticleTag)}>
            {articleTags.map((value) => (
              <option key={value} value={value}>
                {t(`articles.tags.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <CodePicker codes={codes} onChange={setCodes} />

      <div className="bo-article-locales" role="group" aria-label={t('articles.language')}>
        {locales.map((code) => (
          <button
            key={code}
            type="button"
            className={code === locale ? 'bo-button bo-button-small bo-button-primary' : 'bo-button bo-button-small'}
            aria-pressed={code === locale}
            onClick={() => setLocale(code)}
          >
            {code}
            {hasText(texts[code]) ? ' ✓' : ''}
          </button>
        ))}
      </div>

      <div className="bo-field">
        <label className="bo-label" htmlFor={`${id}-headline`}>
          {t('articles.headline')} ({locale})
        </label>
        <input id={`${id}-headline`} className="bo-input" value={text.title} maxLength={200} aria-invalid={problem('title') ? true : undefined} onChange={(event) => setText({ title: event.target.value })} />
        {problem('title') ? (
          <p className="bo-field-error" role="alert">
            {problem('title')}
          </p>
        ) : null}
      </div>
      <div className="bo-field">
        <label className="bo-label" htmlFor={`${id}-summary`}>
          {t('articles.summary')} ({locale})
        </label>
        <input id={`${id}-summary`} className="bo-input" value={text.summary} maxLength={500} onChange={(event) => setText({ summary: event.target.value })} />
      </div>
      <div className="bo-article-editor">
        <div className="bo-field">
          <label className="bo-label" htmlFor={`${id}-content`}>
            {t('articles.content')} ({locale})
          </label>
          <div className="bo-article-toolbar" role="toolbar" aria-label={t('articles.toolbar')}>
            {formats.map((format) => (
              <button key={format.key} type="button" className="bo-button bo-button-small" onClick={() => applyFormat(format.open, format.close)}>
                {t(`articles.format.${format.key}`)}
              </button>
            ))}
            <button type="button" className="bo-button bo-button-small" onClick={addLink}>
              {t('articles.format.link')}
            </button>
          </div>
          <textarea
            id={`${id}-content`}
            ref={bodyRef}
            className="bo-textarea bo-article-source"
            rows={14}
            spellCheck={false}
            value={text.content}
            aria-invalid={problem('content') ? true : undefined}
            onChange={(event) => setText({ content: event.target.value })}
          />
          {problem('content') ? (
            <p className="bo-field-error" role="alert">
              {problem('content')}
            </p>
          ) : null}
        </div>
        <section className="bo-article-preview" aria-label={t('articles.preview')}>
          <p className="bo-label">{t('articles.preview')}</p>
          {/* The same sanitiser as the app's article page; the server sanitises again on save. */}
          <div className="bo-article-preview-body" lang={locale} dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
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
          {article ? t('articles.save') : t('articles.create')}
        </button>
      </div>
    </form>
  );
}

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
                render: (row) => (
                  <span className="bo-row-actions">
                    <button type="button" className="bo-button bo-button-small" onClick={() => setEditing({ article: row })} aria-label={`${t('articles.edit')}: ${titleOf(row)}`}>
                      {t('articles.edit')}
                    </button>
                    {row.status === 'draft' ? (
                      <button type="button" className="bo-button bo-button-small bo-button-primary" onClick={() => open({ kind: 'publish', article: row })} aria-label={`${t('articles.publish')}: ${titleOf(row)}`}>
                        {t('articles.publish')}
                      </button>
                    ) : (
                      <button type="button" className="bo-button bo-button-small" onClick={() => open({ kind: 'unpublish', article: row })} aria-label={`${t('articles.unpublish')}: ${titleOf(row)}`}>
                        {t('articles.unpublish')}
                      </button>
                    )}
                  </span>
                ),
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
