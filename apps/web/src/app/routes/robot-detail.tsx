import { lazy } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { RobotDetailPage } from '@/features/catalog/components/robot-detail-page';
import { ContactSupplier } from '@/features/leads/components/contact-supplier';
import { RequestQuote } from '@/features/quotes/components/request-quote';
import { useSession } from '@/lib/auth/session';

// The customer's project picker is part of the request and contact forms: it loads with the form (opened by a
// signed-in customer), not with the page, which visitors mostly read.
const CustomerProjectSelect = lazy(() =>
  import('@/features/projects/components/customer-project-select').then((module) => ({ default: module.CustomerProjectSelect })),
);

/**
 * Composes the robot page (catalog feature) with "Request a quote" on every robot (quotes
 * feature) and, for a customer on a supplier's listing, "Contact supplier" for a question
 * (leads feature); visitors and other roles get one sign-in link or note, from the first.
 */
export default function RobotDetailRoute() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  // ?quote=1 (the assistant's "Ask for a price", compare): the request form opens at once, after sign-in too.
  const askPrice = params.get('quote') === '1';
  const redirect = askPrice ? `${pathname}?quote=1` : pathname;
  const { user, role } = useSession();
  const customer = Boolean(user) && role === 'customer';
  return (
    <RobotDetailPage
      key={id}
      id={id}
      renderOfferAction={customer ? (robot, offer) => (
        <RequestQuote
          robot={robot}
          offer={{ id: offer.id, supplierName: offer.supplier.name }}
          signInRedirect={pathname}
          ProjectSelect={CustomerProjectSelect}
          variant="outline"
        />
      ) : undefined}
      renderContact={(robot) => (
        <>
          <RequestQuote robot={robot} signInRedirect={redirect} ProjectSelect={CustomerProjectSelect} autoOpen={askPrice} />
          {robot.owner_id && customer ? (
            <ContactSupplier robot={robot} signInRedirect={pathname} ProjectSelect={CustomerProjectSelect} variant="outline" />
          ) : null}
        </>
      )}
    />
  );
}
