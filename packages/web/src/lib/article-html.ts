import DOMPurify from 'dompurify';

// The same allow-list as the server's sanitiser. The server already cleaned this HTML when it was
// written and again when it was read; it is cleaned a third time here so that a fault anywhere
// between the database and this page still cannot run script in the app's origin (defence in depth).
const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'blockquote', 'code', 'pre',
  'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span',
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'scope', 'target', 'rel'];
const SAFE_URL = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

let hooked = false;
function purifier() {
  if (!hooked) {
    // Links leave the app in a new tab that cannot reach back; anything not http(s) (or a mail/phone link) goes.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      for (const attribute of ['href', 'src']) {
        const value = node.getAttribute(attribute);
        if (value !== null && !SAFE_URL.test(value.trim())) node.removeAttribute(attribute);
      }
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Article HTML made safe to put in the DOM (the app's article pages and the back office's preview). */
export function sanitizeArticleHtml(html: string): string {
  return purifier().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false });
}
