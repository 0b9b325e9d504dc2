import { describe, expect, it } from 'vitest';
import { buyerRequirementsSchema } from '@cellforge/contracts';
import { figuresIn } from './model-answer';
import { factsFromRequirements, parseModelRequirements, requirementsOutput } from './model-requirements';

const none = { makers: { include: [], exclude: [] }, makerCountries: { include: [], exclude: [] }, robotTypes: { include: [], exclude: [] } };

describe('the requirements the model reads', () => {
  it('sends the JSON schema generated from the contract\'s zod schema', () => {
    const schema = requirementsOutput.schema as { type: string; properties: Record<string, unknown> };
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual(Object.keys(buyerRequirementsSchema.shape));
  });

  it('takes only JSON of the schema with figures a buyer can mean', () => {
    expect(parseModelRequirements(JSON.stringify({ ...none, payloadKg: { min: 40 } }))?.payloadKg).toEqual({ min: 40 });
    expect(parseModelRequirements('```json\n' + JSON.stringify({ ...none, reachMm: { max: 900 } }) + '\n```')?.reachMm).toEqual({ max: 900 });
    expect(parseModelRequirements('40 kg please')).toBeNull();
    expect(parseModelRequirements(JSON.stringify({ payloadKg: { min: 40 } }))).toBeNull();
    expect(parseModelRequirements(JSON.stringify({ ...none, payloadKg: { min: 10, max: 5 } }))).toBeNull();
    expect(parseModelRequirements(JSON.stringify({ ...none, payloadKg: { min: 1e12 } }))).toBeNull();
    expect(parseModelRequirements(JSON.stringify({ ...none, reachMm: { min: -3 } }))).toBeNull();
  });

  it('turns the requirements into the advisor\'s facts (makers as the catalog spells them)', () => {
    const read = parseModelRequirements(
      JSON.stringify({
        ...none,
        payloadKg: { min: 5, max: 10 },
        reachMm: { max: 900 },
        axes: { min: 6, max: 6 },
        makers: { include: [], exclude: ['fanuc', 'Motoman'] },
        robotTypes: { include: ['cobot'], exclude: [] },
        applications: ['palletizing'],
        budget: { max: 40000 },
        cycleTimeS: { max: 8 },
      }),
    );
    expect(read).not.toBeNull();
    const f = factsFromRequirements(read as NonNullable<typeof read>);
    expect(f).toMatchObject({ payloadKg: 5, maxPayloadKg: 10, maxReachMm: 900, axes: { min: 6, max: 6 }, category: 'collaborative', application: 'palletizing', budgetUsd: 40000, cycleTimeS: 8 });
    expect(f.excludedManufacturers).toEqual(['FANUC', 'Yaskawa']);
    expect(f.reachMm).toBeUndefined();
  });
});

describe('figures in a model\'s text', () => {
  it('reads figures with units in English and German notation, not model names or codes', () => {
    const read = (t: string) => figuresIn(t).map((f) => `${f.unit}:${f.values.join('|')}`);
    expect(read('12.5 kg payload, 1,300 mm reach, 6 axes, $45,000')).toEqual(['kg:12.5', 'mm:1300|1.3', 'axes:6', 'usd:45000|45']);
    expect(read('12,5 kg und 1.300 mm')).toEqual(['kg:12.5', 'mm:1300|1.3']);
    expect(read('1.3 m and 2 t')).toEqual(['mm:1300', 'kg:2000']);
    expect(read('the M-20iD/25 shows SRVO-062 on the UR10e')).toEqual([]);
  });
});
