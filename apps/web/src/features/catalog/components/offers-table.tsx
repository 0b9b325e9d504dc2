import type { Offer } from '@cellforge/contracts';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { QueryErrorState } from '@/components/ui/state-message';
import { conditionLabel, formatLeadTime, formatOfferPrice } from '@/lib/offer-format';
import { UNKNOWN } from '@/lib/robot-format';
import { robotName } from '@/lib/robot-format';
import { useRobotOffers } from '../api/get-robot-offers';
import { OfferGallery } from './offer-gallery';

export interface OffersTableProps {
  robotId: string;
  /** How many offers the robot's summary counts (the table is read only when there are some). */
  count: number;
  /** An action per offer (the route composes "Request a quote"). */
  renderAction?: (offer: Offer) => ReactNode;
}

/** The suppliers' active offers on a model: price, condition, lead time, warranty, regions, quantity; a table on wide screens, cards on a phone. */
export function OffersTable({ robotId, count, renderAction }: OffersTableProps) {
  const offers = useRobotOffers(robotId, count > 0);
  return (
    <Card>
      <h2 id="offers-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {count === 1 ? '1 offer' : `${count} offers`} from suppliers
      </h2>
      <div className="mt-3">
        {offers.isPending ? (
          <Skeleton className="h-20 rounded-xl" />
        ) : offers.isError ? (
          <QueryErrorState title="The offers could not be loaded" query={offers} />
        ) : (
          <ul aria-labelledby="offers-heading" className="divide-y divide-slate-200 dark:divide-slate-700">
            {offers.data.map((offer) => (
              <li key={offer.id} className="py-3 first:pt-0 last:pb-0">
                <article aria-label={`Offer from ${offer.supplier.name}`} className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 flex-1 space-y-2">
                    <OfferGallery images={offer.images} supplierName={offer.supplier.name} robotName={robotName(offer.robot)} />
                    <div className="space-y-1">
                    <p className="font-semibold text-slate-900 dark:text-white">
                      <span className="tabular-nums">{formatOfferPrice(offer)}</span>
                      <span className="ml-2 text-sm font-normal text-slate-700 dark:text-slate-300">{conditionLabel(offer.condition)}</span>
                    </p>
                    <p className="text-sm text-slate-700 dark:text-slate-300">{offer.supplier.name}</p>
                    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
                      <div className="flex gap-1">
                        <dt>Lead time</dt>
                        <dd className="font-medium text-slate-900 dark:text-white">{formatLeadTime(offer.lead_time_weeks)}</dd>
                      </div>
                      <div className="flex gap-1">
                        <dt>Warranty</dt>
                        <dd className="font-medium text-slate-900 dark:text-white">{offer.warranty_months === null ? UNKNOWN : `${offer.warranty_months} months`}</dd>
                      </div>
                      {offer.quantity !== null ? (
                        <div className="flex gap-1">
                          <dt>Available</dt>
                          <dd className="font-medium text-slate-900 dark:text-white">{offer.quantity}</dd>
                        </div>
                      ) : null}
                      {offer.regions.length ? (
                        <div className="flex gap-1">
                          <dt>Regions</dt>
                          <dd className="font-medium text-slate-900 dark:text-white">{offer.regions.join(', ')}</dd>
                        </div>
                      ) : null}
                    </dl>
                    {offer.notes ? <p className="whitespace-pre-line text-sm text-slate-700 dark:text-slate-300">{offer.notes}</p> : null}
                    </div>
                  </div>
                  {renderAction ? <div className="w-full sm:w-auto">{renderAction(offer)}</div> : null}
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
