import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error';
import { apiBase } from '../../../api/client';
import { getToken } from '../../../lib/session/session-store';
import { fundingKeys } from './query-keys';

/** Only the server's own upload names (`/file/<32 hex>.jpg|png|webp`) are read with the session token. */
const UPLOAD_PATH = /^\/file\/[a-f0-9]{32}\.(jpg|png|webp)$/;

/**
 * `GET /file/<name>`: a private upload (a deposit credential) as a Blob. `<img src>` cannot send the
 * Authorization header the server wants, so the bytes come through XMLHttpRequest (only the API
 * client may call fetch) and the page shows them from an object URL.
 */
export function getFileBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  if (!UPLOAD_PATH.test(url)) return Promise.reject(new ApiError('invalid-response', `not an upload: ${url}`));
  return new Promise<Blob>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('GET', `${apiBase()}${url}`);
    request.responseType = 'blob';
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', token);
    request.onload = () => {
      if (request.status === 200 && request.response instanceof Blob) resolve(request.response);
      else reject(new ApiError('server', `image answered ${request.status}`, request.status));
    };
    request.onerror = () => reject(new ApiError('network', 'image request failed'));
    request.onabort = () => reject(new ApiError('aborted', 'aborted'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send();
  });
}

export function getFileBlobQueryOptions(url: string) {
  return queryOptions({
    queryKey: [...fundingKeys.file, url],
    queryFn: ({ signal }) => getFileBlob(url, signal),
    // An upload never changes; private bytes are dropped soon after nobody shows them.
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}

export function useFileBlob(url: string | null) {
  return useQuery({ ...getFileBlobQueryOptions(url ?? ''), enabled: url !== null });
}
