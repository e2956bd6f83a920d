import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from './api-error';
import { LOGIN_ROUTE_HASH, apiBase } from './client';
import { i18n, languageHeader } from '../i18n/i18n';
import { REQUEST_TIMEOUT_MS } from '../lib/constants';
import { clearSession, getToken } from '../lib/session/session-store';
import { showToast } from '../lib/toast';

const answerSchema = z.object({ code: z.number(), msg: z.string().nullish(), data: z.object({ url: z.string() }).nullish() });

export interface UploadRequest {
  file: File;
  /** 0 … 1 while the bytes go up. */
  onProgress?: (fraction: number) => void;
}

/**
 * `POST /file/upload` (multipart field `file`) → the image's private URL `/file/<name>`.
 *
 * Why not `api/client.ts`: the client speaks JSON only and may not be changed by this feature, and
 * only it may call fetch (architecture test). XMLHttpRequest also reports upload progress, which a
 * phone on a slow network needs. Headers and base URL are the client's; a refusal rejects with the
 * server's message, a transport failure toasts "Network Error" like every other call.
 */
export function uploadImage({ file, onProgress }: UploadRequest): Promise<{ url: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBase()}/file/upload`);
    request.timeout = REQUEST_TIMEOUT_MS;
    const token = getToken();
    const language = languageHeader();
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('accept-language', language);
    request.setRequestHeader('languages', language);
    if (token) request.setRequestHeader('Authorization', token);
    if (onProgress && request.upload) {
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    const failTransport = () => {
      const message = i18n.t('common.networkError');
      showToast(message);
      reject(new ApiError('network', message));
    };
    request.onerror = failTransport;
    request.ontimeout = failTransport;
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(String(request.responseText));
      } catch {
        body = undefined;
      }
      const answer = answerSchema.safeParse(body);
      if (answer.success && answer.data.code === 200 && answer.data.data) {
        resolve({ url: answer.data.data.url });
        return;
      }
      const code = answer.success ? answer.data.code : request.status;
      if ((code === 401 || code === 403) && token) {
        // The session is gone, as the JSON client would have found out (SPEC §8).
        const expired = i18n.t('common.loginExpired');
        showToast(expired);
        clearSession();
        if (window.location.hash !== LOGIN_ROUTE_HASH) window.location.hash = LOGIN_ROUTE_HASH;
        reject(new ApiError('session-expired', expired, code));
        return;
      }
      const message = (answer.success && answer.data.msg) || i18n.t('common.networkError');
      reject(new ApiError('server', message, code));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

/** Server refusals (not an image, too large) are toasted by the shared mutation handler. */
export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
