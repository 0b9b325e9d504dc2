import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePendingValue } from './use-pending-value';

describe('usePendingValue', () => {
  it('shows a choice at once, then follows the URL, and never brings a landed choice back', () => {
    const { result, rerender } = renderHook(({ source }) => usePendingValue(source), { initialProps: { source: '' } });
    act(() => result.current[1]('ABB'));
    expect(result.current[0]).toBe('ABB');
    rerender({ source: 'ABB' }); // the URL landed
    expect(result.current[0]).toBe('ABB');
    rerender({ source: '' }); // Back
    expect(result.current[0]).toBe('');
  });
});
