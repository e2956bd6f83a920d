import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error';
import { apiBase } from '../../../api/client';
import { getToken } from '../../../lib/session/session-store';
import { chatKeys } from './query-keys';

/** Only our own uploads get the session token; a URL of any other shape is never fetched. */
const UPLOAD_PATH = /^\/file\/[a-f0-9]{32}\.(jpg|png|webp)$/;

/**
 * `GET /file/{name}`: an image of the conversation as a Blob. Uploads are private (their owner and
 * staff), so an <img src> cannot load them; the request carries the session token. XMLHttpRequest
 * because the JSON client does not read binary answers (the same reason as the upload call).
 */
export function getChatImage(url: string, signal?: AbortSignal): Promise<Blob> {
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

export function getChatImageQueryOptions(url: string) {
  return queryOptions({
    queryKey: chatKeys.image(url),
    queryFn: ({ signal }) => getChatImage(url, signal),
    // An upload never changes.
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}

export function useChatImage(url: string, enabled: boolean) {
  return useQuery({ ...getChatImageQueryOptions(url), enabled });
}
