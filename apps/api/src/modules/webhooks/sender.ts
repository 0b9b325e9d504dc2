import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, hostOf, isPrivateAddress, systemLookup, type Lookup } from './url-guard';

export interface SendResult {
  /** 2xx: delivered. A redirect (3xx) is a failure: it is never followed. */
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  lookup?: Lookup;
  /** Aborts the request (the dispatcher is stopping). */
  signal?: AbortSignal;
}

/**
 * One POST: node:http(s) directly, so redirects are never followed and the address the
 * socket connects to is the one the SSRF guard checked (a custom `lookup`). The whole
 * attempt (connect, send, answer headers) has `timeoutMs`; the answer's body is not read.
 */
export function postDelivery(rawUrl: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<SendResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.resolve({ ok: false, statusCode: null, error: 'The endpoint URL is not valid' });
  }
  const secure = url.protocol === 'https:';
  if (!secure && !(url.protocol === 'http:' && options.allowPrivate)) {
    return Promise.resolve({ ok: false, statusCode: null, error: 'Refused: only https:// endpoints receive webhooks' });
  }
  const host = hostOf(url);
  if (!options.allowPrivate && isIP(host) && isPrivateAddress(host)) {
    return Promise.resolve({ ok: false, statusCode: null, error: `Refused: ${host} is a private, loopback or link-local address` });
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const req = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        agent: false,
        lookup: guardedLookup(options.lookup ?? systemLookup, options.allowPrivate),
        signal,
      },
      (res) => {
        const code = res.statusCode ?? 0;
        res.resume();
        res.destroy();
        if (code >= 200 && code < 300) finish({ ok: true, statusCode: code, error: null });
        else if (code >= 300 && code < 400) finish({ ok: false, statusCode: code, error: `Redirect to ${String(res.headers.location ?? '(no location)').slice(0, 200)} not followed: point the endpoint at the final URL` });
        else finish({ ok: false, statusCode: code, error: `The endpoint answered ${code}` });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (timeout.aborted) finish({ ok: false, statusCode: null, error: `No answer within ${Math.round(options.timeoutMs / 100) / 10} s` });
      else if (options.signal?.aborted) finish({ ok: false, statusCode: null, error: 'aborted' });
      else if (err.code === 'EWEBHOOKREFUSED') finish({ ok: false, statusCode: null, error: `Refused: ${err.message}` });
      else finish({ ok: false, statusCode: null, error: `Could not reach the endpoint: ${err.code ?? err.message}`.slice(0, 300) });
    });
    req.end(body);
  });
}
