import {
  type AdminArticle,
  type ArticleKind,
  articleKinds,
  type ArticleTag,
  articleTags,
  type Locale,
  locales,
  type SaveArticleInput,
} from '@tradewind/contract';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { sanitizeArticleHtml } from '../../lib/article-html';
import { showSuccessToast } from '../../lib/toast';
import { useSaveArticle } from '../api/save-article';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { errorMessage } from '../lib/error-message';
import { CodePicker } from './code-picker';

interface Text {
  title: string;
  summary: string;
  content: string;
}
const emptyText: Text = { title: '', summary: '', content: '' };

const hasText = (text: Text | undefined) => text !== undefined && (text.title.trim() !== '' || text.content.trim() !== '');

/** The formatting buttons: each wraps the selection (or inserts an empty pair) in the body's textarea. */
const formats = [
  { key: 'bold', open: '<strong>', close: '</strong>' },
  { key: 'italic', open: '<em>', close: '</em>' },
  { key: 'heading', open: '<h3>', close: '</h3>' },
  { key: 'paragraph', open: '<p>', close: '</p>' },
  { key: 'list', open: '<ul>\n  <li>', close: '</li>\n</ul>' },
] as const;

/** The article being written: its fields per language, the checks before saving, and the save. */
function useArticleDraft(article: AdminArticle | undefined, onDone: () => void) {
  const { t } = useAdminTranslation();
  const save = useSaveArticle();
  const [kind, setKind] = useState<ArticleKind>(article?.kind ?? 'news');
  const [tag, setTag] = useState<ArticleTag>(article?.tag ?? 'markets');
  const [codes, setCodes] = useState<string[]>(() => [...(article?.codes ?? [])]);
  const [texts, setTexts] = useState<Partial<Record<Locale, Text>>>(() => ({ ...article?.translations }));
  const [locale, setLocale] = useState<Locale>('en');
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const text = texts[locale] ?? emptyText;

  const setText = (patch: Partial<Text>) => setTexts((current) => ({ ...current, [locale]: { ...(current[locale] ?? emptyText), ...patch } }));

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
  return { kind, setKind, tag, setTag, codes, setCodes, texts, locale, setLocale, text, setText, problem, error, saving: save.isPending, submit };
}

/** Write or edit an article: kind, topic, the instruments it is about, and per language a title, a summary and an HTML body with a live preview. */
export function ArticleEditor({ article, onDone }: { article?: AdminArticle | undefined; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const { kind, setKind, tag, setTag, codes, setCodes, texts, locale, setLocale, text, setText, problem, error, saving, submit } = useArticleDraft(article, onDone);

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
      <ArticleBodyField id={id} locale={locale} content={text.content} problem={problem('content')} onChange={(content) => setText({ content })} />

      {error ? (
        <p className="bo-form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="bo-form-actions">
        <button type="button" className="bo-button" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="bo-button bo-button-primary" disabled={saving}>
          {article ? t('articles.save') : t('articles.create')}
        </button>
      </div>
    </form>
  );
}

/** The HTML body with its formatting toolbar, and the preview as the app will show it. */
function ArticleBodyField({ id, locale, content, problem, onChange }: { id: string; locale: Locale; content: string; problem: string | undefined; onChange: (content: string) => void }) {
  const { t } = useAdminTranslation();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const preview = useMemo(() => sanitizeArticleHtml(content), [content]);
  const applyFormat = (open: string, close: string) => {
    const area = bodyRef.current;
    if (!area) return;
    const { selectionStart: start, selectionEnd: end, value } = area;
    onChange(value.slice(0, start) + open + value.slice(start, end) + close + value.slice(end));
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(start + open.length, end + open.length);
    });
  };
  const addLink = () => {
    const href = window.prompt(t('articles.linkPrompt'), 'https://');
    if (href && /^https?:\/\/\S+$/i.test(href.trim())) applyFormat(`<a href="${href.trim().replaceAll('"', '%22')}">`, '</a>');
  };
  return (
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
          value={content}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {problem ? (
          <p className="bo-field-error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <section className="bo-article-preview" aria-label={t('articles.preview')}>
        <p className="bo-label">{t('articles.preview')}</p>
        {/* The same sanitiser as the app's article page; the server sanitises again on save. */}
        <div className="bo-article-preview-body" lang={locale} dangerouslySetInnerHTML={{ __html: preview }} />
      </section>
    </div>
  );
}
