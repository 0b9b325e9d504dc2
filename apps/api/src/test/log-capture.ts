import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../lib/logger';

/** A logger at debug level writing into memory: `text()` is everything logged so far. */
export function captureLogs(): { logger: Logger; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  return { logger: createLogger('debug', stream), text: () => lines.join('') };
}
