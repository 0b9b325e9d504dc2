import { supplierFiguresResponseSchema, type SupplierFigures } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

/** GET /api/supplier/figures: the dashboard's figures, counted once by the API (an old-route listing is one offer). */
export async function getSupplierFigures(signal?: AbortSignal): Promise<SupplierFigures> {
  return parseAnswer(supplierFiguresResponseSchema, await api.get('/api/supplier/figures', { signal })).data;
}

export function supplierFiguresQueryOptions() {
  return queryOptions({ queryKey: ['supplier', 'figures'], queryFn: ({ signal }) => getSupplierFigures(signal) });
}

export function useSupplierFigures() {
  return useQuery(supplierFiguresQueryOptions());
}
