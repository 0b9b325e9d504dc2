import { render, screen, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';

/** Renders routes inside the real providers, at `path`. */
export function renderRoutes(routes: RouteObject[], path = '/'): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/** The text of the toasts currently shown. */
export function toastTexts(): string[] {
  return screen.queryAllByRole('status').map((element) => element.textContent ?? '');
}
