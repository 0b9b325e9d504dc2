import type { OfferImage } from '@cellforge/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Picture, PicturePlaceholder } from '@/components/ui/picture';

export interface OfferGalleryProps {
  images: OfferImage[];
  /** Who offers it, for the alt texts the supplier left empty and the dialog's title. */
  supplierName: string;
  robotName: string;
}

/**
 * An offer's pictures on the robot page: a row of thumbnails, each opening the large size
 * in a dialog with previous and next (buttons and the arrow keys). No pictures: a neutral frame.
 */
export function OfferGallery({ images, supplierName, robotName }: OfferGalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  const count = images.length;
  // The arrow keys page through the photos while the dialog is open, wherever the focus is in it.
  useEffect(() => {
    if (open === null || count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setOpen((i) => (i === null ? i : (i + 1) % count));
      else if (event.key === 'ArrowLeft') setOpen((i) => (i === null ? i : (i - 1 + count) % count));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, count]);
  if (!images.length) return <PicturePlaceholder className="h-16 w-20 shrink-0 rounded-lg" />;
  const altOf = (image: OfferImage, i: number) => image.alt || `${robotName} from ${supplierName}, photo ${i + 1} of ${images.length}`;
  const current = open === null ? undefined : images[open];
  const step = (by: number) => setOpen((i) => (i === null ? i : (i + by + images.length) % images.length));
  return (
    <>
      <ul className="flex flex-wrap gap-2" aria-label={`Photos from ${supplierName}`}>
        {images.map((image, i) => (
          <li key={image.id}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              className="block overflow-hidden rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 dark:border-slate-700"
            >
              <Picture src={image.thumb.url} alt={altOf(image, i)} width={image.thumb.width} height={image.thumb.height} className="h-16 w-20" />
              <span className="sr-only">, open the large photo</span>
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={current !== undefined} onClose={() => setOpen(null)} title={`${robotName} from ${supplierName}`} className="sm:max-w-3xl">
        {current && open !== null ? (
          <div>
            <Picture
              src={current.display.url}
              alt={altOf(current, open)}
              width={current.display.width}
              height={current.display.height}
              loading="eager"
              className="mx-auto h-auto max-h-[65vh] w-auto max-w-full rounded-lg object-contain"
            />
            {current.alt ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{current.alt}</p> : null}
            {images.length > 1 ? (
              <div className="mt-3 flex items-center justify-between gap-3">
                <Button variant="outline" size="sm" onClick={() => step(-1)}>
                  <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                  Previous
                </Button>
                <span className="text-sm tabular-nums text-slate-700 dark:text-slate-300" aria-live="polite">
                  Photo {open + 1} of {images.length}
                </span>
                <Button variant="outline" size="sm" onClick={() => step(1)}>
                  Next
                  <ChevronRight className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
