import { describe, expect, it } from 'vitest';
import { STAGE1 } from '@/test/integrator-fixtures';
import { defined, nth } from '@/test/defined';
import { formValuesOf, stage1FormSchema, updatedDataOf } from './stage1-form';

describe('stage 1 form', () => {
  it('round-trips stage 1 results into updated_data', () => {
    const values = formValuesOf(STAGE1);
    expect(values.payloads[0]).toEqual({ source: 0, name: 'Gearbox', weight_kg: '8', length: '300', width: '200', height: '150' });
    const updated = updatedDataOf(STAGE1, values);
    expect(updated.extracted_payloads).toEqual(STAGE1.extracted_payloads);
    expect(updated.extracted_workstations).toEqual(STAGE1.extracted_workstations);
  });

  it('asks for length and width together, and a plausible weight', () => {
    const values = formValuesOf(STAGE1);
    values.payloads[0] = { ...nth(values.payloads, 0), weight_kg: '-1', length: '', width: '', height: '100' };
    const result = stage1FormSchema.safeParse(values);
    expect(result.success).toBe(false);
    const messages = defined(result.error).issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual([
      'payloads.0.weight_kg: Enter a weight in kg from 0 to 3,000',
      'payloads.0.length: Give the length with the width',
      'payloads.0.width: Give the width with the length',
    ]);
  });

  it('sends a removed entry as gone and a blank size as null', () => {
    const values = formValuesOf(STAGE1);
    values.workstations = [];
    values.payloads[0] = { ...nth(values.payloads, 0), weight_kg: '', length: '', width: '', height: '' };
    const updated = updatedDataOf(STAGE1, values);
    expect(updated.extracted_workstations).toEqual([]);
    expect(updated.extracted_payloads).toEqual([{ name: 'Gearbox', weight_kg: null, dimensions_mm: null }]);
  });
});
