import { render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { LogoMark } from './logo';
import { RootLayout } from './root-layout';

// index.html paints this shell before the JavaScript arrives; React then replaces it.
// It must look like the app's own frame, or the page would jump when the app takes over.
const indexHtml = readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8');
const shell = new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('root');

const classesOf = (element: Element | null | undefined) => (element?.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);

describe('the app shell in index.html', () => {
  it('has the layout frame and header bar of RootLayout and Header', async () => {
    stubFetch(() => jsonResponse({}));
    const { container } = renderRoutes([{ path: '*', element: <RootLayout /> }], '/');
    const header = await screen.findByRole('banner');
    const shellHeader = shell?.querySelector('header');

    expect(classesOf(shell?.firstElementChild)).toEqual(classesOf(container.firstElementChild));
    expect(classesOf(shellHeader)).toEqual(classesOf(header));
    expect(classesOf(shellHeader?.firstElementChild)).toEqual(classesOf(header.firstElementChild));
  });

  it('puts the logo where the home link has it', async () => {
    stubFetch(() => jsonResponse({}));
    renderRoutes([{ path: '*', element: <RootLayout /> }], '/');
    const homeLink = (await screen.findByRole('banner')).querySelector('a');
    const shellLink = shell?.querySelector('header > div > span');
    // The shell's stand-in for the link keeps its box (margin, padding), not its focus styles.
    expect(classesOf(homeLink)).toEqual(expect.arrayContaining(classesOf(shellLink)));
    expect(classesOf(shellLink)).toEqual(['-ml-1', 'rounded-lg', 'p-1']);
    expect(classesOf(shellLink?.firstElementChild)).toEqual(classesOf(homeLink?.firstElementChild));
  });

  it('draws the same logo mark', () => {
    const { container } = render(<LogoMark className="h-8 w-8" />);
    expect(shell?.querySelector('svg')?.outerHTML).toBe(container.innerHTML);
  });
});
