import { hasPermission, type Robot } from '@cellforge/contracts';
import { Eye, Pencil, Plus, Power, PowerOff, Upload } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, QueryErrorState } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { errorMessageOf } from '@/lib/api-answer';
import { useSession } from '@/lib/auth/session';
import { useReveal } from '@/lib/use-reveal';
import { cn } from '@/lib/cn';
import { formatOfferPrice } from '@/lib/offer-format';
import { formatKg, formatMm, formatPriceBand, humanizeTag, robotName } from '@/lib/robot-format';
import { RobotForm } from '@/features/listings/components/robot-form';
import type { BulkUploadDialog } from '../bulk-upload-slot';
import { useCreateListing } from '../api/create-listing';
import { useListings } from '../api/get-listings';
import { invalidateListingQueries } from '../api/invalidate';
import { useSetListingStatus } from '../api/set-listing-status';
import { useUpdateListing } from '../api/update-listing';

/**
 * A listing's price as the supplier wrote it ("€24,000", "$41,000–$43,000"): the offer's own
 * price when the listing is an offer (offer_price), else the robot's USD band.
 */
export function listingPrice(listing: Robot): string {
  const price = listing.offer_price;
  return price ? formatOfferPrice({ price_min: price.min, price_max: price.max, currency: price.currency }) : formatPriceBand(listing.price_min_usd, listing.price_max_usd);
}

/** The listing form asks for USD: a listing priced in another currency says so (saved unchanged, it keeps that price). */
function priceNote(listing: Robot | undefined): string {
  const price = listing?.offer_price;
  if (!price || price.currency === 'USD') return LISTING_FIGURE_NOTE;
  return `${LISTING_FIGURE_NOTE} This listing is priced ${listingPrice(listing)}; the prices below are that price in USD by our exchange table. Leave them as they are to keep your ${price.currency} price, or change it in the Offers tab.`;
}

type Editing = { mode: 'create' } | { mode: 'edit'; listing: Robot };

const LISTING_SAVE_FAILED = 'The listing could not be saved. Please try again.';
/** Listings are public: an unknown figure is what buyers see. */
const LISTING_FIGURE_NOTE = 'Leave a figure empty when the datasheet does not give it: buyers see a dash, never a guess.';

/** The supplier's listings: add, edit, deactivate and reactivate, or import many from a file (upload_robots). */
export function ListingsPanel({ BulkUploadWizard }: { BulkUploadWizard: BulkUploadDialog }) {
  const { role } = useSession();
  const canBulkUpload = hasPermission(role, 'upload_robots');
  const [searchParams, setSearchParams] = useSearchParams();
  // ?import=<id>: the listings of one bulk import (the wizard's "Show the imported robots").
  const importId = searchParams.get('import') ?? '';
  const listings = useListings(importId);
  const createListing = useCreateListing();
  const updateListing = useUpdateListing();
  const setStatus = useSetListingStatus();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  // "Show the imported robots": the filtered list is scrolled to and focused once it has loaded.
  const { ref: importListTarget, reveal: revealImportList } = useReveal<HTMLParagraphElement>();

  const showImport = (id: string | null) => {
    const params = new URLSearchParams(searchParams);
    if (id) params.set('import', id);
    else params.delete('import');
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  const toggle = async (listing: Robot) => {
    const next = listing.status === 'active' ? 'inactive' : 'active';
    try {
      await setStatus.mutateAsync({ id: listing.id, status: next });
      toast.success(
        next === 'active' ? `${robotName(listing)} is listed again` : `${robotName(listing)} is no longer listed`,
      );
    } catch (error) {
      toast.error(errorMessageOf(error, 'The listing could not be changed.'));
    }
  };

  return (
    <section aria-labelledby="listings-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="listings-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Your listings
        </h2>
        <div className="flex flex-wrap gap-2">
          {canBulkUpload ? (
            <Button variant="outline" onClick={() => setBulkOpen(true)}>
              <Upload className="h-4 w-4" aria-hidden="true" />
              Bulk upload
            </Button>
          ) : null}
          <Button onClick={() => setEditing({ mode: 'create' })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add listing
          </Button>
        </div>
      </div>
      <div className="mt-4">
        {listings.isPending ? (
          <div role="status" aria-label="Loading listings" className="space-y-3">
            <Skeleton className="h-24 rounded-2xl" />
            <Skeleton className="h-24 rounded-2xl" />
          </div>
        ) : listings.isError ? (
          <QueryErrorState title="Your listings could not be loaded" query={listings} />
        ) : importId && listings.data.length === 0 ? (
          <EmptyState
            title="No listings from this import"
            actions={
              <Button variant="outline" onClick={() => showImport(null)}>
                Show all listings
              </Button>
            }
          >
            <p>None of the robots of this import are among your listings any more.</p>
          </EmptyState>
        ) : listings.data.length === 0 ? (
          <EmptyState title="No listings yet" actions={<Button onClick={() => setEditing({ mode: 'create' })}>Add your first listing</Button>}>
            <p>List a robot you sell: customers find it in the catalog and in their project matches, and contact you.</p>
          </EmptyState>
        ) : (
          <>
          {importId ? (
            <p
              ref={importListTarget}
              tabIndex={-1}
              role="status"
              className="mb-4 flex scroll-mt-24 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-orange-600 dark:text-slate-300 dark:focus-visible:outline-orange-400"
            >
              <span>
                Showing {listings.data.length} {listings.data.length === 1 ? 'listing' : 'listings'} from your import
              </span>
              <Button variant="outline" size="sm" onClick={() => showImport(null)}>
                Show all listings
              </Button>
            </p>
          ) : null}
          <ul aria-label="Listings" className="space-y-3">
            {listings.data.map((listing) => {
              const name = robotName(listing);
              const active = listing.status === 'active';
              return (
                <li key={listing.id} className={cn(cardClasses, 'p-5', !active && 'opacity-80')}>
                  <article aria-label={name}>
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{name}</h3>
                        <p className="text-sm text-slate-600 dark:text-slate-400">
                          {humanizeTag(listing.category)} · {formatKg(listing.payload_kg)} · {formatMm(listing.reach_mm)} ·{' '}
                          {listing.dof} axes · {listingPrice(listing)}
                        </p>
                      </div>
                      <Badge tone={active ? 'success' : 'warning'}>{active ? 'Active' : 'Inactive'}</Badge>
                    </div>
                    <div className="mt-4 flex flex-wrap gap-2">
                      <Link to={paths.robot.getHref(listing.id)} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                        <Eye className="h-4 w-4" aria-hidden="true" />
                        View{' '}<span className="sr-only">{name}</span>
                      </Link>
                      <Button variant="outline" size="sm" onClick={() => setEditing({ mode: 'edit', listing })}>
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                        Edit{' '}<span className="sr-only">{name}</span>
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => void toggle(listing)}
                        disabled={setStatus.isPending && setStatus.variables?.id === listing.id}
                      >
                        {active ? (
                          <PowerOff className="h-4 w-4" aria-hidden="true" />
                        ) : (
                          <Power className="h-4 w-4" aria-hidden="true" />
                        )}
                        {active ? 'Deactivate' : 'Reactivate'}
                        {' '}<span className="sr-only">{name}</span>
                      </Button>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
          </>
        )}
      </div>
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? 'Edit listing' : 'Add listing'}
        className="sm:max-w-2xl"
      >
        {editing ? (
          <RobotForm
            key={editing.mode === 'edit' ? editing.listing.id : 'new'}
            robot={editing.mode === 'edit' ? editing.listing : undefined}
            label={editing.mode === 'edit' ? 'Edit listing' : 'New listing'}
            submitLabel={editing.mode === 'edit' ? 'Save listing' : 'Publish listing'}
            failureMessage={LISTING_SAVE_FAILED}
            unknownFigureNote={priceNote(editing.mode === 'edit' ? editing.listing : undefined)}
            onCancel={() => setEditing(null)}
            onSubmit={async (input) => {
              if (editing.mode === 'edit') {
                await updateListing.mutateAsync({ id: editing.listing.id, input });
                toast.success('Listing saved');
              } else {
                await createListing.mutateAsync(input);
                toast.success('Listing published');
              }
              setEditing(null);
            }}
          />
        ) : null}
      </Dialog>
      {canBulkUpload ? (
        <BulkUploadWizard
          open={bulkOpen}
          onClose={() => setBulkOpen(false)}
          basePath="/api/supplier/bulk-upload"
          reload={invalidateListingQueries}
          onShowImported={(id) => {
            showImport(id);
            revealImportList();
          }}
          title="Bulk upload"
          description="List many robots at once from a CSV, JSON or Excel file: each new model becomes an active listing, and models you already list are updated."
        />
      ) : null}
    </section>
  );
}
