import { apiBase } from '../../../api/client';
import { ApiError } from '../../../api/api-error';
import { languageHeader } from '../../../i18n/i18n';
import { getToken } from '../../../lib/session/session-store';
import type { StatementPeriod } from './get-statement';

/** A refusal still answers an envelope; its message becomes the error. */
async function refusalMessage(body: unknown, status: number): Promise<string> {
  if (body instanceof Blob) {
    try {
      const envelope = JSON.parse(await body.text()) as { msg?: unknown };
      if (typeof envelope.msg === 'string') return envelope.msg;
    } catch {
      // not an envelope
    }
  }
  return `statement answered ${status}`;
}

/**
 * `GET /userCenter/statement.csv|pdf`: the file itself (the JSON client reads envelopes only), with the
 * session token and the app's language for its headers. Like the private-file reader
 * (api/get-file-blob.ts) it goes through XMLHttpRequest with the client's base URL.
 */
export function fetchStatementFile(format: 'csv' | 'pdf', period: StatementPeriod): Promise<{ blob: Blob; name: string }> {
  const query = new URLSearchParams({ from: period.from, to: period.to });
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('GET', `${apiBase()}/userCenter/statement.${format}?${query.toString()}`);
    request.responseType = 'blob';
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', token);
    const language = languageHeader();
    request.setRequestHeader('accept-language', language);
    request.setRequestHeader('languages', language);
    request.onload = () => {
      if (request.status === 200 && request.response instanceof Blob) {
        const disposition = request.getResponseHeader('content-disposition') ?? '';
        const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `tradewind-statement-${period.from}-${period.to}.${format}`;
        resolve({ blob: request.response, name });
      } else {
        void refusalMessage(request.response, request.status).then((message) => reject(new ApiError('server', message, request.status)));
      }
    };
    request.onerror = () => reject(new ApiError('network', 'statement download failed'));
    request.send();
  });
}

/** Hands a file to the browser's download (an object URL on a temporary link). */
export function saveFile(file: { blob: Blob; name: string }): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
