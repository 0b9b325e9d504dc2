import type { QueryClient } from '@tanstack/react-query';
import { invalidateSupplierSales } from '@/lib/supplier-queries';

/** A listing changed: it is an offer too, so the supplier's listings, offers, figures, analytics and cached catalog answers. */
export function invalidateListingQueries(queryClient: QueryClient): Promise<unknown> {
  return invalidateSupplierSales(queryClient);
}
