import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { Page } from './page';

export interface PlaceholderPageProps {
  title: string;
  /** One honest sentence about what the page will hold. */
  description: string;
}

/** A route whose feature is still being built: heading, one sentence, a way back. */
export function PlaceholderPage({ title, description }: PlaceholderPageProps) {
  return (
    <Page
      title={title}
      lead={
        <>
          <Badge tone="brand" className="mb-3">
            In development
          </Badge>
          <p>{description}</p>
        </>
      }
      actions={
        <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'outline' })}>
          Back to home
        </Link>
      }
    />
  );
}
