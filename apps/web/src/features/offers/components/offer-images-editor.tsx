import type { Offer, OfferImage } from '@cellforge/contracts';
import { OFFER_IMAGE_ALT_MAX, OFFER_IMAGE_MAX_BYTES, OFFER_IMAGE_MAX_PER_OFFER, offerImageTypes } from '@cellforge/contracts/constants';
import { ArrowLeft, ArrowRight, ImagePlus, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { InlineAlert } from '@/components/ui/inline-alert';
import { PicturePlaceholder } from '@/components/ui/picture';
import { ProgressBar } from '@/components/ui/progress-bar';
import { errorMessageOf } from '@/lib/api-answer';
import { buildUrl } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format-bytes';
import { getAccessToken } from '@/lib/storage';
import { useDeleteOfferImage, useReorderOfferImages, useSetOfferImageAlt, useUploadOfferImage } from '../api/offer-images';

/**
 * A picture of the supplier's own offer, read with their sign-in: a paused offer's pictures
 * are not public, so a plain <img> could not show them. The box is reserved meanwhile.
 */
function OwnPicture({ image, alt }: { image: OfferImage; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = getAccessToken();
    fetch(buildUrl(image.thumb.url), { signal: controller.signal, headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [image.thumb.url]);
  if (!url) return <PicturePlaceholder className="h-24 w-36" />;
  return <img src={url} alt={alt} width={image.thumb.width} height={image.thumb.height} className="h-24 w-36 bg-slate-100 object-cover dark:bg-slate-800" />;
}

const ACCEPT = offerImageTypes.join(',');
const ICON_BUTTON =
  'inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-orange-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-orange-400';
const LIMITS = `Up to ${OFFER_IMAGE_MAX_PER_OFFER} photos: JPEG, PNG, WebP or AVIF, at most ${formatBytes(OFFER_IMAGE_MAX_BYTES)} each. The first one is shown on the catalog card.`;

type Upload = { name: string; index: number; total: number; percent: number | null };

/** The photos of one offer in the supplier's Offers tab: add (with progress), put in order, describe, delete. */
export function OfferImagesEditor({ offer, name }: { offer: Offer; name: string }) {
  const inputId = useId();
  const hintId = useId();
  const upload = useUploadOfferImage();
  const reorder = useReorderOfferImages();
  const setAlt = useSetOfferImageAlt();
  const remove = useDeleteOfferImage();
  const [progress, setProgress] = useState<Upload | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [describing, setDescribing] = useState<OfferImage | null>(null);
  const [alt, setAltText] = useState('');
  const images = offer.images;
  const room = OFFER_IMAGE_MAX_PER_OFFER - images.length;
  const busy = progress !== null || reorder.isPending || remove.isPending;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (!files.length) return;
    const problems: string[] = [];
    const accepted = files.filter((file) => {
      if (file.size > OFFER_IMAGE_MAX_BYTES) {
        problems.push(`${file.name}: ${formatBytes(file.size)} is over the limit of ${formatBytes(OFFER_IMAGE_MAX_BYTES)}.`);
        return false;
      }
      return true;
    });
    const sent = accepted.slice(0, Math.max(0, room));
    for (const file of accepted.slice(sent.length)) problems.push(`${file.name}: this offer already has ${OFFER_IMAGE_MAX_PER_OFFER} photos. Delete one to add another.`);
    let added = 0;
    for (const [index, file] of sent.entries()) {
      setProgress({ name: file.name, index: index + 1, total: sent.length, percent: 0 });
      try {
        await upload.mutateAsync({ offerId: offer.id, file, onProgress: (percent) => setProgress((p) => (p ? { ...p, percent } : p)) });
        added += 1;
      } catch (error) {
        problems.push(`${file.name}: ${errorMessageOf(error, 'the photo could not be added.')}`);
      }
    }
    setProgress(null);
    setErrors(problems);
    if (added) toast.success(added === 1 ? 'Photo added' : `${added} photos added`);
  };

  const move = async (from: number, to: number) => {
    const ids = images.map((i) => i.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    try {
      await reorder.mutateAsync({ offerId: offer.id, ids });
    } catch (error) {
      toast.error(errorMessageOf(error, 'The photos could not be reordered.'));
    }
  };

  const onDelete = async (image: OfferImage, index: number) => {
    try {
      await remove.mutateAsync({ offerId: offer.id, imageId: image.id });
      toast.success(`Photo ${index + 1} deleted`);
    } catch (error) {
      toast.error(errorMessageOf(error, 'The photo could not be deleted.'));
    }
  };

  return (
    <section aria-label={`Photos of your offer on ${name}`} className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-900 dark:text-white">
          Photos <span className="font-normal text-slate-600 dark:text-slate-400">({images.length} of {OFFER_IMAGE_MAX_PER_OFFER})</span>
        </h4>
        <div>
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            multiple
            className="peer sr-only"
            aria-describedby={hintId}
            disabled={busy || room <= 0}
            onChange={(e) => void onFiles(e)}
          />
          <label
            htmlFor={inputId}
            className={cn(
              buttonClasses({ variant: 'outline', size: 'sm' }),
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-orange-600',
              (busy || room <= 0) && 'pointer-events-none opacity-60',
            )}
          >
            <ImagePlus className="h-4 w-4" aria-hidden="true" />
            Add photos<span className="sr-only"> to the offer on {name}</span>
          </label>
        </div>
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {room <= 0 ? `This offer has its ${OFFER_IMAGE_MAX_PER_OFFER} photos: delete one to add another.` : LIMITS}
      </p>
      {progress ? (
        <ProgressBar
          className="mt-3"
          label={progress.total > 1 ? `Uploading ${progress.name} (${progress.index} of ${progress.total})` : `Uploading ${progress.name}`}
          value={progress.percent === 100 ? null : progress.percent}
        />
      ) : null}
      {errors.length ? (
        <InlineAlert className="mt-3" title={errors.length === 1 ? 'A photo was not added' : `${errors.length} photos were not added`}>
          <ul className="mt-1 list-disc space-y-0.5 pl-4">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </InlineAlert>
      ) : null}
      {images.length ? (
        <ol className="mt-3 flex flex-wrap gap-3" aria-label="Photos, in the order buyers see them">
          {images.map((image, i) => {
            const label = image.alt || `Photo ${i + 1}`;
            return (
              <li key={image.id} className="w-36 overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700">
                <OwnPicture image={image} alt={label} />
                <div className="flex items-center justify-between p-1">
                  <button type="button" className={ICON_BUTTON} disabled={busy || i === 0} onClick={() => void move(i, i - 1)} aria-label={`Move photo ${i + 1} earlier`}>
                    <ArrowLeft className="h-4 w-4" aria-hidden="true" />
                  </button>
                  <button type="button" className={ICON_BUTTON} disabled={busy || i === images.length - 1} onClick={() => void move(i, i + 1)} aria-label={`Move photo ${i + 1} later`}>
                    <ArrowRight className="h-4 w-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={ICON_BUTTON}
                    onClick={() => {
                      setAltText(image.alt);
                      setDescribing(image);
                    }}
                    aria-label={`Describe photo ${i + 1}`}
                  >
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                  </button>
                  <button type="button" className={ICON_BUTTON} disabled={busy} onClick={() => void onDelete(image, i)} aria-label={`Delete photo ${i + 1}`}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <Dialog open={describing !== null} onClose={() => setDescribing(null)} title="Describe the photo" description="Buyers who cannot see the photo hear this instead.">
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!describing) return;
            setAlt.mutate(
              { offerId: offer.id, imageId: describing.id, alt },
              {
                onSuccess: () => {
                  toast.success('Description saved');
                  setDescribing(null);
                },
                onError: (error) => toast.error(errorMessageOf(error, 'The description could not be saved.')),
              },
            );
          }}
        >
          <Field label="Description (alt text)" hint={`At most ${OFFER_IMAGE_ALT_MAX} characters, e.g. "CRX-10iA on its stand, teach pendant beside it".`}>
            <Input value={alt} maxLength={OFFER_IMAGE_ALT_MAX} onChange={(e) => setAltText(e.target.value)} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setDescribing(null)}>
              Cancel
            </Button>
            <Button type="submit" disabled={setAlt.isPending}>
              Save
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
