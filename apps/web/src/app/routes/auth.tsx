import { PortalChooser } from '@/features/auth/components/portal-chooser';

export default function AuthRoute() {
  return <PortalChooser />;
}
