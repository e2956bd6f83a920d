import { useMemo } from 'react';
import { sanitizeArticleHtml } from '../../../lib/article-html';

/** An article's rich text, sanitised once more before it reaches the DOM. */
export function ArticleBody({ html, lang }: { html: string; lang: string }) {
  const clean = useMemo(() => sanitizeArticleHtml(html), [html]);
  // Sanitised by the server and again just above; only then is it HTML.
  return <div className="ar-body" lang={lang} dangerouslySetInnerHTML={{ __html: clean }} />;
}
