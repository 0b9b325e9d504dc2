import { describe, expect, it } from 'vitest';
import type { ProjectRequirements } from '@cellforge/contracts';
import { requirementPhrases } from './requirements';

describe('requirementPhrases', () => {
  it('writes figures as the chat and the description reading do: thousands grouped, rounded for display', () => {
    const requirements = { payload_kg: 1.088622, reach_mm: 1500, cycle_time_s: 12.25, budget_usd: 40000 } as ProjectRequirements;
    expect(requirementPhrases(requirements)).toEqual(['Payload 1.09 kg', 'Reach 1,500 mm', 'Cycle time 12.3 s', 'Budget $40,000']);
  });
});
