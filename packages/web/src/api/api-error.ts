/**
 * Every failed call rejects with this. `kind` lets callers tell a server refusal (show `message`)
 * from a transport failure (already toasted) and an abort (stay silent).
 */
export type ApiErrorKind = 'server' | 'session-expired' | 'network' | 'aborted' | 'invalid-response';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** The envelope `code` (or HTTP status when there was no envelope); 0 when nothing came back. */
    readonly code = 0,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the error needs no message to the user: the client has already shown one, or nobody asked. */
export function isAlreadyReported(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'aborted' || error.kind === 'network' || error.kind === 'session-expired');
}
