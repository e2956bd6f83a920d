import { queryOptions, useQuery } from '@tanstack/react-query';
import { getToken } from '../lib/session/session-store';
import { ApiError } from './api-error';
import { apiBase } from './client';

/** Only our own uploads (`/file/<32 hex>.jpg|png|webp`) get the session token; nothing else is fetched. */
const UPLOAD_PATH = /^\/file\/[a-f0-9]{32}\.(jpg|png|webp)$/;

function isUploadPath(url: string): boolean {
  return UPLOAD_PATH.test(url);
}

/**
 * `GET /file/{name}`: an uploaded image (deposit proof, identity document, chat picture) as a Blob,
 * for the app and the back office alike. The files are private (owner and staff), so an <img src>
 * cannot load them; the request carries the session token instead. The JSON client does not read
 * binary answers, so this goes through XMLHttpRequest with the client's base URL and token.
 */
export function getFileBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  if (!isUploadPath(url)) return Promise.reject(new ApiError('invalid-response', `not an upload: ${url}`));
  if (signal?.aborted) return Promise.reject(new ApiError('aborted', 'aborted'));
  return new Promise<Blob>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('GET', `${apiBase()}${url}`);
    request.responseType = 'blob';
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', token);
    request.setRequestHeader('accept', 'image/*');
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
    queryKey: ['private-file', url],
    queryFn: ({ signal }) => getFileBlob(url, signal),
    // An upload never changes; private bytes are dropped soon after nobody shows them.
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}

/** `url` null: nothing to fetch (yet). */
export function useFileBlob(url: string | null) {
  return useQuery({ ...getFileBlobQueryOptions(url ?? ''), enabled: url !== null });
}
