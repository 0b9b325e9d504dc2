import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <Page
      title="Page not found"
      lead={<p>The page you asked for does not exist or has moved.</p>}
      actions={
        <Link to={paths.home.getHref()} className={buttonClasses()}>
          Go to the home page
        </Link>
      }
    />
  );
}

export default NotFoundPage;
