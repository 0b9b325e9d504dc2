import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { OfferImage } from '@cellforge/contracts';
import { buildRobot } from '@/test/marketplace';
import { OfferGallery } from './offer-gallery';
import { RobotCard } from './robot-card';

const photo = (n: number, alt = ''): OfferImage => {
  const id = `40000000-0000-4000-8000-00000000000${n}`;
  const file = (size: string, width: number, height: number) => ({ url: `/api/offer-images/${id}/${size}`, width, height });
  return { id, offer_id: 'o', position: n - 1, alt, content_type: 'image/png', bytes: 1, thumb: file('thumb', 320, 180), display: file('display', 1280, 720), original: file('original', 1920, 1080), created_at: '2025-03-04T10:00:00.000Z' };
};
const summary = { count: 1, lowest_price: 42000, lowest_price_currency: 'USD' as const, price_min_usd: 42000, price_max_usd: 42000, lead_time_weeks_min: 6, conditions: ['new' as const] };

describe('offer pictures', () => {
  it("a card shows its cover lazily with its size reserved, and its category's drawing without one", () => {
    const withPhoto = buildRobot({ manufacturer: 'FANUC', model: 'CRX-10iA', offers: { ...summary, image: { id: 'p', url: '/api/offer-images/p/thumb', width: 320, height: 240, alt: '' } } });
    const without = buildRobot({ manufacturer: 'ABB', model: 'GoFa', category: 'collaborative', offers: summary });
    render(
      <MemoryRouter>
        <RobotCard robot={withPhoto} compared={false} canCompare onToggleCompare={() => undefined} />
        <RobotCard robot={without} compared={false} canCompare onToggleCompare={() => undefined} />
      </MemoryRouter>,
    );
    const img = within(screen.getByRole('article', { name: 'FANUC CRX-10iA' })).getByRole('img', { name: 'FANUC CRX-10iA, photo from a supplier' });
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading')]).toEqual(['/api/offer-images/p/thumb', '320', '240', 'lazy']);
    const drawing = within(screen.getByRole('article', { name: 'ABB GoFa' })).getByRole('img');
    expect(drawing.getAttribute('aria-label')).toBe('Drawing of a collaborative robot (cobot): no photo of the ABB GoFa yet');
    // The same 2:1 box as a photo: nothing moves when one arrives.
    expect(drawing.parentElement?.className).toContain('aspect-[2/1]');
  });

  it('the gallery opens the large photo and pages with the buttons and the arrow keys', async () => {
    const user = userEvent.setup();
    render(<OfferGallery images={[photo(1, 'On its stand'), photo(2)]} supplierName="CoboSupply" robotName="FANUC CRX-10iA" />);
    const list = screen.getByRole('list', { name: 'Photos from CoboSupply' });
    expect(within(list).getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['On its stand', 'FANUC CRX-10iA from CoboSupply, photo 2 of 2']);
    await user.click(within(list).getAllByRole('button')[0] as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'FANUC CRX-10iA from CoboSupply' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe(photo(1).display.url);
    expect(dialog).toHaveTextContent('Photo 1 of 2');
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe(photo(2).display.url);
    await user.click(within(dialog).getByRole('button', { name: /Next/ }));
    expect(dialog).toHaveTextContent('Photo 1 of 2');
  });

  it('an offer without photos shows a neutral frame, hidden from screen readers', () => {
    const { container } = render(<OfferGallery images={[]} supplierName="CoboSupply" robotName="FANUC CRX-10iA" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
