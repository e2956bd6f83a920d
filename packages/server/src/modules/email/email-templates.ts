const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The HTML part of a mail, built from the same localized text as the plain part (so both always say the
 * same in the reader's language), with the code set large and spaced for reading off a phone.
 */
export function mailHtml(locale: string, subject: string, text: string, code?: string): string {
  let body = escapeHtml(text);
  if (code) body = body.replaceAll(escapeHtml(code), `<strong style="font-size:24px;letter-spacing:4px;font-family:monospace">${escapeHtml(code)}</strong>`);
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(locale)}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f6f8;font-family:-apple-system,Segoe UI,Roboto,Noto Sans,sans-serif;color:#1f2329">',
    '<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">',
    '<p style="margin:0 0 16px;font-weight:600;color:#1677ff">Tradewind</p>',
    `<p style="margin:0;line-height:1.6">${body}</p>`,
    '</div></body></html>',
  ].join('');
}
