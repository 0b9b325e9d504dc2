/**
 * The contract schemas the catalog's reads check their answers with. Loaded on demand
 * (see `loadAnswerSchemas`): zod is ~27 kB of JavaScript on the wire, and the catalog and
 * robot pages paint their frame, headings and skeletons without it. The schemas arrive
 * while the API answer is on its way, so reading the answer still checks it.
 */
export {
  offerListResponseSchema,
  robotCompareResponseSchema,
  robotDetailResponseSchema,
  robotListResponseSchema,
} from '@cellforge/contracts';
