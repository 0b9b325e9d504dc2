import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';

describe('How it works', () => {
  it('explains matching, the assistant, ROI and video analysis, each with a described picture', async () => {
    stubFetch(() => jsonResponse({}));
    renderRoutes(routes, '/learn-how-it-works');
    await screen.findByRole('heading', { level: 1, name: 'How CellForge works' }, { timeout: 5000 });

    const toc = within(screen.getByRole('navigation', { name: 'On this page' }));
    expect(toc.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '#matching',
      '#assistant',
      '#roi',
      '#video-analysis',
    ]);
    for (const [id, heading] of [
      ['matching', 'Matching robots to your task'],
      ['assistant', 'The robotics assistant'],
      ['roi', 'The ROI calculator'],
      ['video-analysis', 'Video analysis'],
    ] as const) {
      const section = screen.getByRole('region', { name: heading });
      expect(section).toHaveAttribute('id', id);
    }

    const pictures = screen.getAllByRole('img');
    expect(pictures.map((picture) => picture.tagName.toLowerCase())).toEqual(['svg', 'svg', 'svg', 'svg']);
    expect(pictures.map((picture) => picture.querySelector('title')?.textContent)).toEqual([
      'How robots are matched to a task',
      'How the robotics assistant answers',
      'Cumulative cash flow of a robot cell',
      'How video analysis works',
    ]);
    for (const picture of pictures) {
      expect(picture).toHaveAccessibleName(picture.querySelector('title')?.textContent ?? '');
      expect(picture).toHaveAccessibleDescription(picture.querySelector('desc')?.textContent ?? '');
      expect(picture.querySelector('desc')?.textContent?.length).toBeGreaterThan(80);
    }
    expect(document.querySelectorAll('img')).toHaveLength(0);
  });
});
