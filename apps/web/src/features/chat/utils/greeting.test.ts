import { describe, expect, it } from 'vitest';
import { modeLabel, widgetGreeting } from './greeting';

describe('modeLabel', () => {
  it('names the mode after the role; a visitor is in Customer Mode', () => {
    expect(modeLabel('supplier')).toBe('Supplier Mode');
    expect(modeLabel('integrator')).toBe('Integrator Mode');
    expect(modeLabel('customer')).toBe('Customer Mode');
    expect(modeLabel(null)).toBe('Customer Mode');
  });
});

describe('widgetGreeting', () => {
  const base = { page: 'homepage', authenticated: false, role: null, firstName: '', appName: 'CellForge' } as const;
  it('differs for the ROI page, each role and a visitor', () => {
    const greetings = [
      widgetGreeting({ ...base, page: 'roi_calculator' }),
      widgetGreeting({ ...base, authenticated: true, role: 'supplier', firstName: 'Linus' }),
      widgetGreeting({ ...base, authenticated: true, role: 'integrator', firstName: 'Grace' }),
      widgetGreeting({ ...base, authenticated: true, role: 'customer', firstName: 'Ada' }),
      widgetGreeting(base),
    ];
    expect(new Set(greetings).size).toBe(5);
    expect(greetings[0]).toContain('ROI calculator');
    expect(greetings[1]).toMatch(/^Welcome back, Linus!/);
    expect(greetings[4]).toContain('CellForge AI assistant');
  });
});
