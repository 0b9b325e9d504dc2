import type { QueryClient } from '@tanstack/react-query';

/**
 * A supplier's offer or listing changed. A listing made through the listing routes IS an offer
 * (docs/decisions.md, "Old listing routes write offers"), so both lists, the dashboard's figures,
 * the analytics and every cached catalog answer (prices, counts) are read again together.
 */
export function invalidateSupplierSales(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['supplier', 'listings'] }),
    queryClient.invalidateQueries({ queryKey: ['supplier', 'offers'] }),
    queryClient.invalidateQueries({ queryKey: ['supplier', 'figures'] }),
    queryClient.invalidateQueries({ queryKey: ['supplier', 'analytics'] }),
    queryClient.invalidateQueries({ queryKey: ['robots'] }),
  ]);
}
