import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { GlobalErrorScreen } from './global-error-screen';

/** The router's errorElement: render errors and failed lazy routes (ChunkLoadError). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  return <GlobalErrorScreen error={error} />;
}
