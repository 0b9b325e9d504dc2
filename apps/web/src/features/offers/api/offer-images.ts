import { offerImageListResponseSchema, offerImageResponseSchema, type OfferImage } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { postFormWithProgress, type ProgressListener } from '@/lib/post-form-with-progress';

const base = (offerId: string) => `/api/supplier/offers/${encodeURIComponent(offerId)}/images`;

/** An offer's pictures changed: the supplier's offers and every cached catalog answer (the cards' pictures). */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['supplier', 'offers'] }), queryClient.invalidateQueries({ queryKey: ['robots'] })]);
}

/** POST /api/supplier/offers/:id/images (multipart, with upload progress): one picture, its alt text optional. */
export function useUploadOfferImage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ offerId, file, alt, onProgress }: { offerId: string; file: File; alt?: string; onProgress?: ProgressListener }): Promise<OfferImage> => {
      const form = new FormData();
      if (alt) form.append('alt', alt);
      form.append('file', file);
      return parseAnswer(offerImageResponseSchema, await postFormWithProgress(base(offerId), form, { onProgress })).data;
    },
    onSuccess: invalidate,
  });
}

/** PUT /api/supplier/offers/:id/images/order: every image id, in the new order. */
export function useReorderOfferImages() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ offerId, ids }: { offerId: string; ids: string[] }): Promise<OfferImage[]> =>
      parseAnswer(offerImageListResponseSchema, await api.put(`${base(offerId)}/order`, { ids })).data,
    onSuccess: invalidate,
  });
}

/** PATCH /api/supplier/offers/:id/images/:imageId: the alt text. */
export function useSetOfferImageAlt() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ offerId, imageId, alt }: { offerId: string; imageId: string; alt: string }): Promise<OfferImage> =>
      parseAnswer(offerImageResponseSchema, await api.patch(`${base(offerId)}/${encodeURIComponent(imageId)}`, { alt })).data,
    onSuccess: invalidate,
  });
}

/** DELETE /api/supplier/offers/:id/images/:imageId: the picture and its stored files. */
export function useDeleteOfferImage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ offerId, imageId }: { offerId: string; imageId: string }): Promise<void> => {
      await api.delete(`${base(offerId)}/${encodeURIComponent(imageId)}`);
    },
    onSuccess: invalidate,
  });
}
