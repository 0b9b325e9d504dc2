import { describe, expect, it } from 'vitest';
import { applicationOf, requirementFacts } from './opportunity-requirements';

describe('opportunity requirements', () => {
  it('lists the requirements given, in order, with their units', () => {
    expect(
      requirementFacts({
        application: 'machine-tending',
        industry: 'food-and-beverage',
        payload_kg: 12.5,
        reach_mm: 1400,
        cycle_time_s: 8,
        budget_usd: 85000,
        city: ' Lyon ',
      }),
    ).toEqual([
      { label: 'Payload', value: '12.5 kg' },
      { label: 'Reach', value: '1,400 mm' },
      { label: 'Cycle time', value: '8 s' },
      { label: 'Budget', value: '$85,000' },
      { label: 'Industry', value: 'Food and beverage' },
      { label: 'City', value: 'Lyon' },
    ]);
  });

  it('leaves out what the customer did not give, and values of the wrong type', () => {
    expect(requirementFacts({ application: null, industry: '', payload_kg: null, reach_mm: '1200', budget_usd: -5 })).toEqual([]);
    expect(applicationOf({ application: 'pick-and-place' })).toBe('Pick and place');
    expect(applicationOf({ application: null })).toBeNull();
  });
});
