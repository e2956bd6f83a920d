import { vi } from 'vitest';

export interface UploadCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The multipart body's `file` part, when one was sent. */
  file: File | null;
}

type UploadReply = { code: number; msg: string; data: unknown };

/**
 * Stands in for XMLHttpRequest, which uploads (`POST /file/upload`, multipart) and private images
 * (`GET /file/<name>`) use instead of fetch. Uploads answer `{url}` with a fresh server-like name
 * unless `reply` says otherwise; image reads answer a few bytes. With `holdUploads`, an upload stays
 * in flight until `finishUploads()` is called.
 */
export function installFakeUpload(reply?: (file: File | null) => UploadReply, { holdUploads = false } = {}) {
  const calls: UploadCall[] = [];
  const held: Array<() => void> = [];
  let counter = 0;

  class FakeXhr {
    status = 0;
    response: unknown = null;
    responseText = '';
    responseType = '';
    timeout = 0;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    private call: UploadCall = { method: '', url: '', headers: {}, file: null };

    open(method: string, url: string) {
      this.call = { method, url, headers: {}, file: null };
    }

    setRequestHeader(name: string, value: string) {
      this.call.headers[name] = value;
    }

    send(body?: unknown) {
      const file = body instanceof FormData ? body.get('file') : null;
      this.call.file = file instanceof File ? file : null;
      calls.push(this.call);
      const answer = () => {
        if (this.call.method === 'GET') {
          this.status = 200;
          this.response = new Blob(['fake image bytes'], { type: 'image/jpeg' });
        } else {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
          counter += 1;
          const replied = reply?.(this.call.file) ?? { code: 200, msg: 'success', data: { url: `/file/${String(counter).padStart(32, '0')}.jpg` } };
          this.status = replied.code === 200 ? 200 : replied.code;
          this.responseText = JSON.stringify(replied);
        }
        this.onload?.();
      };
      if (holdUploads && this.call.method === 'POST') held.push(answer);
      else setTimeout(answer, 0);
    }

    abort() {
      this.onabort?.();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // Object URLs are counted, not made.
  if (typeof URL.createObjectURL !== 'function') {
    Object.assign(URL, { createObjectURL: () => '', revokeObjectURL: () => undefined });
  }
  let objectUrls = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:http://app.test/${++objectUrls}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return {
    calls,
    uploads: () => calls.filter((call) => call.method === 'POST'),
    finishUploads: () => held.splice(0).forEach((finish) => finish()),
  };
}

/** An image file as the album hands it over; `bytes` sets its size. */
export function imageFile(name = 'receipt.png', bytes = 2048, type = 'image/png'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}
