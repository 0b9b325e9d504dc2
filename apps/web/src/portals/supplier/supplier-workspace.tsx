import { useSearchParams } from 'react-router-dom';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs } from '@/components/ui/tabs';
import { UNKNOWN } from '@/lib/robot-format';
import { useAnalytics } from '@/features/listings/api/get-analytics';
import { useLeads } from '@/features/leads/api/get-leads';
import { useListings } from '@/features/listings/api/get-listings';
import { BulkUploadWizard } from '@/features/bulk-upload/components/bulk-upload-wizard';
import { AnalyticsPanel } from '@/features/listings/components/analytics-panel';
import { LeadsPanel } from '@/features/leads/components/leads-panel';
import { ListingsPanel } from '@/features/listings/components/listings-panel';
import { useSupplierFigures } from '@/features/offers/api/supplier-figures';
import { OfferAnalyticsPanel } from '@/features/offers/components/offer-analytics-panel';
import { OffersPanel } from '@/features/offers/components/offers-panel';

type SupplierTab = 'offers' | 'listings' | 'leads' | 'analytics';
const TABS: readonly SupplierTab[] = ['offers', 'listings', 'leads', 'analytics'];

/**
 * The supplier dashboard's body: figures, then offers / listings / leads / analytics tabs (the
 * tab is kept in ?tab=). Offers on catalog models are what a supplier sells (issue 13); the
 * listings tab keeps the robots of their own (bulk uploads).
 */
export function SupplierWorkspace() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab') as SupplierTab | null;
  const tab: SupplierTab = requested && TABS.includes(requested) ? requested : 'offers';
  const listings = useListings();
  const figures = useSupplierFigures();
  const leads = useLeads();
  const analytics = useAnalytics(30);

  const selectTab = (next: SupplierTab) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'offers') params.delete('tab');
    else params.set('tab', next);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  const figure = <T,>(query: { isPending: boolean; isError: boolean; data?: T }, read: (data: T) => number) =>
    query.isPending ? null : query.isError || query.data === undefined ? UNKNOWN : read(query.data);

  return (
    <div className="space-y-10">
      <section aria-labelledby="supplier-figures-heading">
        <h2 id="supplier-figures-heading" className="sr-only">
          Your figures
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {/* One number from the API: a listing made through the listing routes is an offer, counted once. */}
          <StatCard label="Active offers" value={figure(figures, (data) => data.active_offers)} />
          <StatCard label="New leads" value={figure(leads, (data) => data.filter((lead) => lead.status === 'new').length)} />
          <StatCard
            label="Views (30 days)"
            value={figure(analytics, (data) => data.data.reduce((sum, listing) => sum + listing.total_views, 0))}
          />
          <StatCard
            label="Leads (30 days)"
            value={figure(analytics, (data) => data.data.reduce((sum, listing) => sum + listing.total_leads, 0))}
          />
        </dl>
      </section>
      <Tabs<SupplierTab>
        label="Supplier workspace"
        value={tab}
        onValueChange={selectTab}
        items={[
          { value: 'offers', label: 'Offers', content: <OffersPanel /> },
          { value: 'listings', label: 'Listings', content: <ListingsPanel BulkUploadWizard={BulkUploadWizard} /> },
          { value: 'leads', label: 'Leads', content: <LeadsPanel /> },
          {
            value: 'analytics',
            label: 'Analytics',
            // Offers first; the listing analytics only for suppliers who still keep robots of their own.
            content: (
              <div className="space-y-10">
                <OfferAnalyticsPanel />
                {(listings.data ?? []).length > 0 && <AnalyticsPanel />}
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
