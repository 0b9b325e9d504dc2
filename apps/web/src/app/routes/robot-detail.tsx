import { useLocation, useParams } from 'react-router-dom';
import { ContactSupplier } from '@/features/customer/components/contact-supplier';
import { RobotDetailPage } from '@/features/robots/components/robot-detail-page';

/** Composes the robot page (robots feature) with "Contact supplier" (customer feature). */
export default function RobotDetailRoute() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  return (
    <RobotDetailPage
      key={id}
      id={id}
      renderContact={(robot) => <ContactSupplier robot={robot} signInRedirect={pathname} />}
    />
  );
}
