import { describe, expect, it } from 'vitest';
import { plainText, sanitizeArticleHtml } from './article-sanitizer.js';

describe('article sanitiser (allow-list)', () => {
  it('removes script tags with their contents', () => {
    expect(sanitizeArticleHtml('<p>Hi</p><script>alert(1)</script><SCRIPT src="https://evil.example/x.js"></SCRIPT>')).toBe('<p>Hi</p>');
  });

  it('removes every event handler attribute', () => {
    const clean = sanitizeArticleHtml('<p onclick="steal()">a</p><img src="https://cdn.example/a.png" onerror="alert(1)" onload=alert(2)><a href="https://example.com" onmouseover="x()">b</a>');
    expect(clean).not.toMatch(/on\w+=/i);
    expect(clean).toContain('<img src="https://cdn.example/a.png" />');
  });

  it('drops javascript:, vbscript: and data: URLs, however they are spelled', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java&#x09;script:alert(1)', '&#106;avascript:alert(1)', ' javascript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>']) {
      expect(sanitizeArticleHtml(`<a href="${href}">x</a>`)).not.toMatch(/href=/);
    }
    expect(sanitizeArticleHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x">')).toBe('');
    expect(sanitizeArticleHtml('<img src="javascript:alert(1)">')).toBe('');
  });

  it('removes iframes, objects, embeds, forms and styles (no CSS url())', () => {
    const clean = sanitizeArticleHtml(
      '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x"><form action="https://evil.example"><input name="p"></form><style>body{background:url(https://evil.example)}</style><p style="background:url(javascript:alert(1))">t</p>',
    );
    expect(clean).toBe('<p>t</p>');
  });

  it('keeps the formatting an article needs; links open in a new tab that cannot reach back', () => {
    const html = '<h3>Title</h3><p><strong>Bold</strong> <em>it</em></p><ul><li>one</li></ul><table><tbody><tr><td colspan="2">c</td></tr></tbody></table>';
    expect(sanitizeArticleHtml(html)).toBe(html);
    expect(sanitizeArticleHtml('<a href="https://example.com/x" target="_top" rel="opener">x</a>')).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('reads titles as plain text: tags gone, entities back to characters', () => {
    expect(plainText('Rates <b>held</b> &amp; <script>alert(1)</script>bonds rally')).toBe('Rates held & bonds rally');
  });
});
