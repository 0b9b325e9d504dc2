/**
 * Reads that index.html starts before the app's code has run (today: the robot of
 * /robots/<id>, for a visitor without a stored session), by URL. The API client takes
 * one instead of sending the same GET again; each is taken once, so the server sees one
 * request (and records one robot view) per page load, as without it.
 */
declare global {
  interface Window {
    __EARLY_READS__?: Record<string, Promise<Response> | undefined>;
  }
}

export function takeEarlyRead(url: string): Promise<Response> | undefined {
  const reads = typeof window === 'undefined' ? undefined : window.__EARLY_READS__;
  const read = reads?.[url];
  if (reads && read) delete reads[url];
  return read;
}
