import type { BuyerRequirements } from '@cellforge/contracts';

export interface ParseOptions {
  previous?: BuyerRequirements;
  knownMakers?: string[];
}

export function parseRequirements(_text: string, _options: ParseOptions = {}): BuyerRequirements {
  throw new Error('not implemented yet');
}
