import type { QueryClient } from '@tanstack/react-query';

/** A listing changed: the supplier's list, its analytics and every cached catalog answer (it may appear there). */
export function invalidateListingQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['supplier', 'listings'] }),
    queryClient.invalidateQueries({ queryKey: ['supplier', 'analytics'] }),
    queryClient.invalidateQueries({ queryKey: ['robots'] }),
  ]);
}
