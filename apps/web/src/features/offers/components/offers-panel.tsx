import type { Offer } from '@cellforge/contracts';
import { Eye, Pause, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, QueryErrorState } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { errorMessageOf } from '@/lib/api-answer';
import { cn } from '@/lib/cn';
import { conditionLabel, formatLeadTime, formatOfferPrice } from '@/lib/offer-format';
import { robotName } from '@/lib/robot-format';
import { useCreateOffer, useDeleteOffer, useMyOffers, useSetOfferStatus, useUpdateOffer } from '../api/offers';
import { OfferForm } from './offer-form';
import { OfferImagesEditor } from './offer-images-editor';

type Editing = { mode: 'create' } | { mode: 'edit'; offer: Offer };

/** The supplier's offers on catalog models: make one (search a model, pick it), edit, pause, resume, delete. */
export function OffersPanel() {
  const offers = useMyOffers();
  const createOffer = useCreateOffer();
  const updateOffer = useUpdateOffer();
  const setStatus = useSetOfferStatus();
  const deleteOffer = useDeleteOffer();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Offer | null>(null);

  const toggle = async (offer: Offer) => {
    const next = offer.status === 'active' ? 'paused' : 'active';
    try {
      await setStatus.mutateAsync({ id: offer.id, status: next });
      toast.success(next === 'active' ? `Your offer on the ${robotName(offer.robot)} is live again` : `Your offer on the ${robotName(offer.robot)} is paused`);
    } catch (error) {
      toast.error(errorMessageOf(error, 'The offer could not be changed.'));
    }
  };

  return (
    <section aria-labelledby="offers-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="offers-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Your offers
        </h2>
        <Button onClick={() => setEditing({ mode: 'create' })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Offer on a model
        </Button>
      </div>
      <div className="mt-4">
        {offers.isPending ? (
          <div role="status" aria-label="Loading offers" className="space-y-3">
            <Skeleton className="h-24 rounded-2xl" />
          </div>
        ) : offers.isError ? (
          <QueryErrorState title="Your offers could not be loaded" query={offers} />
        ) : offers.data.length === 0 ? (
          <EmptyState title="No offers yet" actions={<Button onClick={() => setEditing({ mode: 'create' })}>Make your first offer</Button>}>
            <p>Find a model in the catalog and say at what price, in what condition and how soon you deliver it: buyers see your offer on the model and ask you for a quote.</p>
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {offers.data.map((offer) => {
              const name = robotName(offer.robot);
              const active = offer.status === 'active';
              return (
                <li key={offer.id} className={cn(cardClasses, 'p-5', !active && 'opacity-80')}>
                  <article aria-label={`Offer on ${name}`}>
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{name}</h3>
                        <p className="text-sm text-slate-700 dark:text-slate-300">
                          <span className="font-semibold tabular-nums text-slate-900 dark:text-white">{formatOfferPrice(offer)}</span> ·{' '}
                          {conditionLabel(offer.condition)} · lead time {formatLeadTime(offer.lead_time_weeks)}
                          {offer.regions.length ? ` · ${offer.regions.join(', ')}` : ''}
                        </p>
                      </div>
                      <div className="flex flex-wrap gap-2">
                        {offer.robot.contributed ? <Badge tone="brand">Supplier-contributed model</Badge> : null}
                        <Badge tone={active ? 'success' : 'warning'}>{active ? 'Active' : 'Paused'}</Badge>
                      </div>
                    </div>
                    <div className="mt-4 flex flex-wrap gap-2">
                      <Link to={paths.robot.getHref(offer.robot.id)} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                        <Eye className="h-4 w-4" aria-hidden="true" />
                        View{' '}<span className="sr-only">{name}</span>
                      </Link>
                      <Button variant="outline" size="sm" onClick={() => setEditing({ mode: 'edit', offer })}>
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                        Edit{' '}<span className="sr-only">offer on {name}</span>
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => void toggle(offer)} disabled={setStatus.isPending && setStatus.variables?.id === offer.id}>
                        {active ? <Pause className="h-4 w-4" aria-hidden="true" /> : <Play className="h-4 w-4" aria-hidden="true" />}
                        {active ? 'Pause' : 'Resume'}{' '}<span className="sr-only">offer on {name}</span>
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => setDeleting(offer)}>
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                        Delete{' '}<span className="sr-only">offer on {name}</span>
                      </Button>
                    </div>
                    <OfferImagesEditor offer={offer} name={name} />
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing?.mode === 'edit' ? 'Edit offer' : 'Offer on a model'} className="sm:max-w-2xl">
        {editing ? (
          <OfferForm
            key={editing.mode === 'edit' ? editing.offer.id : 'new'}
            offer={editing.mode === 'edit' ? editing.offer : undefined}
            onCancel={() => setEditing(null)}
            onCreate={async (input) => {
              const created = await createOffer.mutateAsync(input);
              setEditing(null);
              toast.success(
                created.model_added
                  ? `The ${robotName(created.data.robot)} is added to the catalog as supplier-contributed, with your offer`
                  : `Your offer on the ${robotName(created.data.robot)} is published`,
              );
            }}
            onUpdate={async (input) => {
              if (editing.mode !== 'edit') return;
              await updateOffer.mutateAsync({ id: editing.offer.id, input });
              setEditing(null);
              toast.success('Offer saved');
            }}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this offer?"
        description={deleting ? `Buyers will no longer see your offer on the ${robotName(deleting.robot)}. Conversations already started stay in your inbox.` : ''}
        confirmLabel="Delete offer"
        busy={deleteOffer.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          deleteOffer.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Offer deleted');
              setDeleting(null);
            },
            onError: (error) => toast.error(errorMessageOf(error, 'The offer could not be deleted.')),
          });
        }}
      />
    </section>
  );
}
