import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { renderRoutes } from '@/test/render';
import { defined, nth } from '@/test/defined';
import type { RoiDataUpdateDetail } from '../utils/roi-event';

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function figure(name: string): string {
  const card = document.querySelector(`[data-roi-figure="${name}"]`);
  return card?.querySelector('dd')?.textContent ?? '';
}

async function renderCalculator(path = '/roi-calculator') {
  const rendered = renderRoutes(routes, path);
  await screen.findByRole('heading', { level: 1, name: 'ROI Calculator' }, { timeout: 5000 });
  return rendered;
}

describe('ROI calculator page', () => {
  let events: RoiDataUpdateDetail[];
  const listener = (event: Event) => events.push((event as CustomEvent<RoiDataUpdateDetail>).detail);

  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', ResizeObserverStub);
    // jsdom lays nothing out: give the chart's box a size so recharts draws it.
    const measure = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (!this.closest('[data-testid="cash-flow-chart"]')) return measure.call(this);
      return { x: 0, y: 0, top: 0, left: 0, right: 640, bottom: 320, width: 640, height: 320, toJSON: () => ({}) };
    });
    events = [];
    window.addEventListener('roiDataUpdate', listener);
  });
  afterEach(() => window.removeEventListener('roiDataUpdate', listener));

  it('shows the worked example with every input, unit and help text', async () => {
    await renderCalculator();
    expect(screen.getByLabelText('Robot and cell cost (USD)')).toHaveValue('95000');
    expect(screen.getByLabelText('Robot and cell cost (USD)')).toHaveAccessibleDescription(
      'Robot arm, controller, gripper or end-of-arm tool, guarding and safety devices.',
    );
    expect(screen.getAllByRole('textbox')).toHaveLength(15);
    expect(figure('annualSavings')).toBe('$89,400');
    expect(figure('paybackMonths')).toBe('20.1 months');
    expect(figure('roiPercent')).toBe('198%');
    expect(figure('npv')).toBe('$206,948');
    expect(figure('irrPercent')).toBe('52.3%');
    expect(screen.getByText(/turns positive in year 2 \(payback after 20\.1 months\)/)).toBeInTheDocument();
    const scenarios = within(screen.getByRole('region', { name: 'Scenarios' }));
    expect(scenarios.getByRole('heading', { name: 'Pessimistic' })).toBeInTheDocument();
    expect(document.querySelector('[data-scenario="pessimistic"]')).toHaveTextContent('33.6 months');
    expect(document.querySelector('[data-scenario="optimistic"]')).toHaveTextContent('14.4 months');
    // The chart arrives in its own chunk, with four series (jsdom does not lay out the lines themselves).
    const chart = await screen.findByTestId('cash-flow-chart', {}, { timeout: 5000 });
    await waitFor(() =>
      expect([...chart.querySelectorAll('.recharts-legend-item-text')].map((item) => item.textContent).sort()).toEqual([
        'Optimistic',
        'Pessimistic',
        'Realistic',
        'Realistic, discounted',
      ]),
    );
    expect(chart).toHaveAttribute('aria-hidden', 'true');
  }, 20_000);

  it('writes every change to the URL, and that URL gives the same figures in a new page', async () => {
    const user = userEvent.setup();
    const first = await renderCalculator();
    const cost = screen.getByLabelText(/^Robot and cell cost/);
    await user.clear(cost);
    await user.type(cost, '120,000');
    await user.clear(screen.getByLabelText(/^Discount rate/));
    await user.type(screen.getByLabelText(/^Discount rate/), '10');

    await waitFor(() => expect(first.router.state.location.search).toContain('discountRatePercent=10'));
    const search = first.router.state.location.search;
    expect(new URLSearchParams(search).get('robotCost')).toBe('120,000');
    expect(cost).toHaveValue('120,000');
    const figures = ['annualSavings', 'paybackMonths', 'roiPercent', 'npv', 'irrPercent'].map(figure);
    expect(figures[1]).toBe('23.5 months'); // 175,000 / 89,400 × 12
    first.unmount();

    await renderCalculator(`/roi-calculator${search}`);
    expect(screen.getByLabelText(/^Robot and cell cost/)).toHaveValue('120,000');
    expect(screen.getByLabelText(/^Discount rate/)).toHaveValue('10');
    expect(['annualSavings', 'paybackMonths', 'roiPercent', 'npv', 'irrPercent'].map(figure)).toEqual(figures);
  });

  it('dispatches roiDataUpdate with the inputs and results on load and on every change', async () => {
    const user = userEvent.setup();
    await renderCalculator();
    await waitFor(() => expect(events.length).toBeGreaterThan(0));
    const first = defined(events.at(-1));
    expect(first.inputs.robotCost).toBe(95_000);
    expect(first.results).toMatchObject({ upfrontCost: 150_000, annualSavings: 89_400, paybackMonths: 20.1, npv: 206_948.28 });
    expect(first.results.yearly).toHaveLength(6);

    const workers = screen.getByLabelText(/^Workers replaced per shift/);
    await user.clear(workers);
    await user.type(workers, '2');
    await waitFor(() => expect(defined(events.at(-1)).inputs.workersPerShift).toBe(2));
    // 2 × 2 × 8 × 250 × $25 = $200,000 labour + 5% + $2,400 − $18,000
    expect(defined(events.at(-1)).results.annualSavings).toBe(194_400);

    // A listener that arrives late asks again and gets the current figures.
    const count = events.length;
    window.dispatchEvent(new Event('roiDataRequest'));
    expect(events).toHaveLength(count + 1);
    expect(defined(events.at(-1)).results.annualSavings).toBe(194_400);
  });

  it('names an invalid field, keeps the last figures and sends no event for it', async () => {
    const user = userEvent.setup();
    await renderCalculator();
    await waitFor(() => expect(events.length).toBeGreaterThan(0));
    const before = events.length;
    const shifts = screen.getByLabelText(/^Shifts per day/);
    await user.clear(shifts);
    await user.type(shifts, '4');
    expect(screen.getByLabelText(/^Hours per shift/)).toHaveAccessibleDescription(
      expect.stringContaining('Shifts per day × hours per shift must be at most 24 hours (now 32)'),
    );
    expect(screen.getByLabelText(/^Hours per shift/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Fix the highlighted field: the figures below are for the last valid inputs.');
    expect(figure('paybackMonths')).toBe('20.1 months');
    expect(events).toHaveLength(before);
  });

  it('says "Never" when the cell does not pay back', async () => {
    await renderCalculator('/roi-calculator?workersPerShift=0&productivityGainPercent=0&qualitySavingsPerYear=0');
    expect(figure('paybackMonths')).toBe('Never');
    expect(figure('irrPercent')).toBe('None');
    expect(screen.getByText(/The cell never pays back/)).toBeInTheDocument();
  });

  it('downloads the yearly table as CSV', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:roi');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    let downloaded: { name: string; href: string } | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = { name: this.download, href: this.href };
    });

    await renderCalculator('/roi-calculator?horizonYears=2');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(downloaded).toEqual({ name: 'roi-cash-flow.csv', href: 'blob:roi' });
    const blob = nth(createObjectURL.mock.calls, 0)[0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const text = await blob.text();
    expect(text.split('\r\n')).toEqual([
      'Year,Savings (USD),Costs (USD),Net cash flow (USD),Cumulative cash flow (USD),Discounted cash flow (USD),Cumulative discounted cash flow (USD)',
      '0,0.00,150000.00,-150000.00,-150000.00,-150000.00,-150000.00',
      '1,107400.00,18000.00,89400.00,-60600.00,82777.78,-67222.22',
      '2,107400.00,18000.00,89400.00,28800.00,76646.09,9423.87',
      '',
    ]);
  });

  it('resets to the example and follows a link to the bare page', async () => {
    const user = userEvent.setup();
    const { router } = await renderCalculator('/roi-calculator?robotCost=200000');
    expect(screen.getByLabelText(/^Robot and cell cost/)).toHaveValue('200000');
    await user.click(screen.getByRole('button', { name: 'Reset to example' }));
    expect(screen.getByLabelText(/^Robot and cell cost/)).toHaveValue('95000');
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await user.clear(screen.getByLabelText(/^Robot and cell cost/));
    await user.type(screen.getByLabelText(/^Robot and cell cost/), '1000');
    await router.navigate('/roi-calculator?robotCost=5000');
    await waitFor(() => expect(screen.getByLabelText(/^Robot and cell cost/)).toHaveValue('5000'));
  });
});
