import { lazy } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { RobotDetailPage } from '@/features/catalog/components/robot-detail-page';
import { ContactSupplier } from '@/features/leads/components/contact-supplier';

// The customer's project picker is part of the contact form: it loads with the form (opened by a signed-in
// customer), not with the page, which visitors mostly read.
const CustomerProjectSelect = lazy(() =>
  import('@/features/projects/components/customer-project-select').then((module) => ({ default: module.CustomerProjectSelect })),
);

/** Composes the robot page (catalog feature) with "Contact supplier" (leads feature, the customer's projects to pick from). */
export default function RobotDetailRoute() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  return (
    <RobotDetailPage
      key={id}
      id={id}
      renderContact={(robot) => <ContactSupplier robot={robot} signInRedirect={pathname} ProjectSelect={CustomerProjectSelect} />}
    />
  );
}
