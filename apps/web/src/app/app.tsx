import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  );
}
