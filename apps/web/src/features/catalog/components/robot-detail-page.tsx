import type { Robot } from '@cellforge/contracts';
import { ArrowLeft, FileText, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { QueryErrorState } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { openChatWidget } from '@/lib/open-chat-widget';
import { formatPriceBand, humanizeTag, robotName } from '@/lib/robot-format';
import { useRobot } from '../api/get-robot';
import { SimilarRobots } from './similar-robots';
import { SpecTable } from './spec-table';
import { FigureText } from './unknown-value';

export interface RobotDetailPageProps {
  id: string;
  /** The "Contact supplier" block (it belongs to the leads feature; the route composes it). */
  renderContact?: (robot: Robot) => ReactNode;
}

function BackToCatalog() {
  return (
    <Link to={paths.catalog.getHref()} className={buttonClasses({ variant: 'outline' })}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to the catalog
    </Link>
  );
}

function TagList({ title, tags }: { title: string; tags: readonly string[] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
      {tags.length ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge>{humanizeTag(tag)}</Badge>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">None given.</p>
      )}
    </div>
  );
}

/** /robots/:id: every figure, where it comes from, who lists it, similar robots and the ways to ask about it. */
export function RobotDetailPage({ id, renderContact }: RobotDetailPageProps) {
  const robot = useRobot(id);

  if (robot.isPending) {
    return (
      <Page title="Robot details">
        <div role="status" aria-label="Loading robot" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Skeleton className="h-96 rounded-2xl" />
          <Skeleton className="h-56 rounded-2xl" />
        </div>
      </Page>
    );
  }

  if (robot.isError) {
    if (isApiError(robot.error) && (robot.error.status === 404 || robot.error.status === 400)) {
      return (
        <Page
          title="Robot not found"
          lead={<p>No robot with this address is in the catalog. Its listing may have been withdrawn.</p>}
          actions={<BackToCatalog />}
        />
      );
    }
    return (
      <Page title="Robot details" actions={<BackToCatalog />}>
        <QueryErrorState title="This robot could not be loaded" query={robot} />
      </Page>
    );
  }

  const data = robot.data;
  const name = robotName(data);
  const listed = data.owner_id !== null;

  return (
    <Page
      title={name}
      lead={
        <>
          <div className="mb-3 flex flex-wrap gap-2">
            <Badge tone="brand">{humanizeTag(data.category)}</Badge>
            {listed ? <Badge tone="success">Listed by a supplier</Badge> : <Badge>From the makers&rsquo; datasheets</Badge>}
            {data.status === 'inactive' ? <Badge tone="warning">Inactive listing</Badge> : null}
          </div>
          {data.description ? <p>{data.description}</p> : null}
        </>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <Card>
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Specifications</h2>
            <div className="mt-3">
              <SpecTable robot={data} />
            </div>
            <p className="mt-4 flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
              <FileText className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {data.datasheet_source ? (
                <span>Figures from: {data.datasheet_source}</span>
              ) : (
                <span>
                  {listed
                    ? 'Figures from: the supplier’s listing (no datasheet named)'
                    : 'No datasheet source is named for these figures.'}
                </span>
              )}
            </p>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              A dash means the source does not publish the figure. Indicative prices are street-price bands (arm and
              controller), not quotes.
            </p>
          </Card>
          <Card className="grid gap-6 sm:grid-cols-2">
            <TagList title="Applications" tags={data.applications} />
            <TagList title="Industries" tags={data.industries} />
          </Card>
        </div>
        <aside aria-label="Ask about this robot" className="space-y-6">
          <Card>
            <p className="text-sm text-slate-600 dark:text-slate-400">Indicative price</p>
            <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900 dark:text-white">
              <FigureText text={formatPriceBand(data.price_min_usd, data.price_max_usd)} />
            </p>
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              {listed
                ? 'A supplier sells this robot through CellForge.'
                : 'No supplier lists this robot on CellForge yet; its figures come from the maker’s datasheet.'}
            </p>
            <div className="mt-5 space-y-3">
              {renderContact ? renderContact(data) : null}
              <Button
                variant="outline"
                className="w-full"
                onClick={() => openChatWidget({ robotId: data.id, page: 'robot_detail' })}
              >
                <MessageCircle className="h-4 w-4" aria-hidden="true" />
                Ask the assistant
              </Button>
            </div>
          </Card>
          <BackToCatalog />
        </aside>
      </div>
      <SimilarRobots robotId={data.id} />
    </Page>
  );
}
