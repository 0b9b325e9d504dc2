import { useLocation, useParams } from 'react-router-dom';
import { RobotDetailPage } from '@/features/catalog/components/robot-detail-page';
import { ContactSupplier } from '@/features/leads/components/contact-supplier';
import { CustomerProjectSelect } from '@/features/projects/components/customer-project-select';

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
