import { vi } from 'vitest';

/**
 * A small XMLHttpRequest stand-in for the multipart uploads (jsdom's would go to the
 * network). Each sent request goes to `onSend`, which answers it (now or later) with
 * progress(), respond() or fail().
 */
export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Document | XMLHttpRequestBodyInit | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor(private readonly onSend: (xhr: FakeXhr) => void) {}

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: Document | XMLHttpRequestBodyInit | null) {
    this.body = body;
    this.onSend(this);
  }

  abort() {
    this.onabort?.();
  }

  get pathname(): string {
    return new URL(this.url, 'http://localhost').pathname;
  }

  /** A field of the multipart body. */
  field(name: string): FormDataEntryValue | null {
    return this.body instanceof FormData ? this.body.get(name) : null;
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body: unknown) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  fail() {
    this.onerror?.();
  }
}

/** Installs FakeXhr; every request is recorded and handed to `onSend`. */
export function stubXhr(onSend: (xhr: FakeXhr) => void = () => undefined) {
  const requests: FakeXhr[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super((xhr) => {
          requests.push(xhr);
          onSend(xhr);
        });
      }
    },
  );
  return requests;
}
