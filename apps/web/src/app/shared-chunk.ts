/**
 * The modules the pages share that the build puts in one chunk (vite.config.ts, group
 * "shared"): the UI parts, formatters, icons, query helpers and the catalog's reads. One
 * file instead of a dozen 1-2 kB ones: over HTTP/1.1 a phone fetches six files at a time,
 * one round trip each, and /catalog waited on 20 of them.
 *
 * Only modules that import neither zod nor the form library: the group does not take in
 * their dependencies (a barrel import of @cellforge/contracts would drag zod in), so the
 * pages still paint without zod. shared-chunk.test.ts checks the list. Not listed:
 * components/ui/query-state (it imports the integrator messages, i.e. the contracts) and
 * the catalog's answer schemas (loaded on demand, see features/catalog/api/load-answer-schemas.ts).
 */
export const sharedChunkModules =
  /[\\/](src[\\/]components[\\/](ui[\\/](?!query-state)|layout[\\/])|src[\\/]lib[\\/](robot-format|offer-format|api-answer|format-bytes|open-chat-widget|cn|query-errors|redirect|storage)\.|src[\\/]features[\\/]catalog[\\/]api[\\/](?!answer-schemas)|lucide-react[\\/]|packages[\\/]contracts[\\/]src[\\/]constants[\\/]|@tanstack[\\/])/;
