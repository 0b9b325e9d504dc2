import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ProjectMatch } from '@cellforge/contracts';
import { MatchCard } from './match-card';

/** A customer's project match offered only in EUR names its price as the seller wrote it (issue 13, session 12). */
const eurOnly = { count: 1, lowest_price: 24000, lowest_price_currency: 'EUR' as const, price_min_usd: 25968, price_max_usd: 25968, lead_time_weeks_min: 3, conditions: ['used' as const] };

describe('a match card with offers', () => {
  it('a project match offered only in EUR says "1 offer from €24,000"', () => {
    const match: ProjectMatch = {
      robot_id: '00000000-0000-4000-8000-000000000201',
      manufacturer: 'FANUC',
      model: 'CRX-10iA/L',
      category: 'collaborative',
      payload_kg: 10,
      reach_mm: 1418,
      price_min_usd: 38000,
      price_max_usd: 52000,
      listed_by_supplier: true,
      offers: eurOnly,
      fit_score: 88,
      reasons: [],
    };
    render(
      <MemoryRouter>
        <MatchCard match={match} rank={1} renderContact={() => null} />
      </MemoryRouter>,
    );
    expect(screen.getByText('1 offer from €24,000')).toBeInTheDocument();
    // The card shows the server's score (read from the order, issue 12 session 15), not one of its own.
    expect(screen.getByText('/100').parentElement).toHaveTextContent('88/100');
    expect(screen.getByText('Fit score')).toBeInTheDocument();
  });

});
