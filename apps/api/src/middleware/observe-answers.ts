import { gunzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';

/** One answer as the client got it. */
export interface ObservedAnswer {
  method: string;
  /** The request path without the query. */
  path: string;
  status: number;
  contentType: string | undefined;
  /** What res.send sent (a JSON answer's text), or undefined for streams and files. */
  body: string | Buffer | undefined;
}
export type AnswerObserver = (answer: ObservedAnswer) => void;

/**
 * Tests only (AppDeps.onAnswer): records each answer's body as res.send sends it
 * (res.json goes through res.send) and hands it over when the response has finished.
 */
export function observeAnswers(observer: AnswerObserver): RequestHandler {
  return (req, res, next) => {
    let body: string | Buffer | undefined;
    const send = res.send.bind(res);
    res.send = (chunk?: unknown) => {
      if (body === undefined && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) body = chunk;
      return send(chunk);
    };
    res.on('finish', () => {
      const contentType = res.getHeader('content-type');
      observer({
        method: req.method,
        path: req.originalUrl.split('?')[0] ?? req.originalUrl,
        status: res.statusCode,
        contentType: typeof contentType === 'string' ? contentType : undefined,
        // A route may send an answer it keeps gzipped (the catalog search): observed as JSON text.
        body: Buffer.isBuffer(body) && res.getHeader('content-encoding') === 'gzip' ? gunzipSync(body) : body,
      });
    });
    next();
  };
}
