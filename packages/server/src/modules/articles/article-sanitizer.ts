import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for article bodies. Anything not listed is dropped: no script, style or iframe
 * (their contents go too), no event handlers or style attributes (so no CSS url()), and links and
 * images only to http(s) — never javascript:, data: or vbscript:. Runs when an article is saved and
 * again whenever one is read, so a row written around the service is still served clean.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'blockquote', 'code', 'pre',
    'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span',
  ],
  allowedAttributes: {
    // target and rel are always overwritten by the transform below.
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    // A link in an article leaves the app: a new tab that cannot reach back into this one.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
  // An image whose source was refused (data:, javascript:) would be an empty box: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, options);
}

const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** Titles and summaries are plain text: tags are removed and entities read back, so clients escape it as text. */
export function plainText(text: string): string {
  const stripped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} });
  return stripped.replace(/&(lt|gt|quot|#39|amp);/g, (entity) => entities[entity] ?? entity).trim();
}
