import { vi } from 'vitest';

export interface XhrCall {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/**
 * Stands in for XMLHttpRequest, which the back office uses for one thing only: private images as
 * blobs (`api/get-file-blob.ts`). Answers each URL with the given status and bytes.
 */
export function installFakeXhr(files: Record<string, { status?: number; type?: string }> = {}) {
  const calls: XhrCall[] = [];

  class FakeXhr {
    status = 0;
    response: unknown = null;
    responseType = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private call: XhrCall = { method: '', url: '', headers: {} };

    open(method: string, url: string) {
      this.call = { method, url, headers: {} };
    }

    setRequestHeader(name: string, value: string) {
      this.call.headers[name] = value;
    }

    send() {
      calls.push(this.call);
      const file = files[new URL(this.call.url, 'http://app.test').pathname];
      setTimeout(() => {
        this.status = file ? (file.status ?? 200) : 404;
        this.response = new Blob(['fake image bytes'], { type: file?.type ?? 'image/jpeg' });
        this.onload?.();
      }, 0);
    }

    abort() {
      this.onabort?.();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // Object URLs are counted, not made: the test checks each one is revoked. Undo with vi.restoreAllMocks().
  let counter = 0;
  const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:http://app.test/${++counter}`);
  const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return { calls, createObjectURL, revokeObjectURL };
}
