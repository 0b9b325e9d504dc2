import type { Offer, Robot } from '@cellforge/contracts';
import { ArrowLeft, FileText, MessageCircle } from 'lucide-react';
import { useDeferredValue, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Container, Page } from '@/components/layout/page';
import { PageTitle } from '@/components/layout/page-title';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton, SkeletonLine } from '@/components/ui/skeleton';
import { QueryErrorState } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { openChatWidget } from '@/lib/open-chat-widget';
import { formatPriceBand, humanizeTag, robotName } from '@/lib/robot-format';
import { offerSummaryDetail, offerSummaryText } from '@/lib/offer-format';
import { useRobot } from '../api/get-robot';
import { OffersTable } from './offers-table';
import { RobotCover } from './category-illustration';
import { SimilarRobots, SimilarRobotsSkeleton } from './similar-robots';
import { SpecTable } from './spec-table';
import { FigureText } from './unknown-value';

export interface RobotDetailPageProps {
  id: string;
  /** The "Contact supplier" block (it belongs to the leads feature; the route composes it). */
  renderContact?: (robot: Robot) => ReactNode;
  /** An action per supplier offer ("Request a quote" from that supplier; the quotes feature, composed by the route). */
  renderOfferAction?: (robot: Robot, offer: Offer) => ReactNode;
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

const specificationsFootnote =
  'A dash means the source does not publish the figure. Indicative prices are street-price bands (arm and controller), not quotes.';

/**
 * The page while the robot loads, laid out as the page itself: the same title and lead
 * heights, the specifications table with its labels and grey bars for the figures, the
 * price card, the similar robots' cards. What is known without the robot (headings,
 * labels, notes, the way back) is shown as is. It is its own tree (not the page's with
 * blanks), so the page replaces it whole; the sizes match so that nothing visibly jumps.
 */
function RobotDetailSkeleton() {
  return (
    <Container className="py-10 sm:py-14">
      <PageTitle title="Robot details" />
      <p role="status" className="sr-only">
        Loading robot
      </p>
      <div aria-busy="true">
        <div className="max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            <span className="sr-only">Robot details</span>
            <SkeletonLine className="h-9 sm:h-10" barClassName="w-64 max-w-full" />
          </h1>
          <div className="mt-4 text-lg">
            <div className="mb-3 flex flex-wrap gap-2" aria-hidden="true">
              <Skeleton className="h-5 w-24 rounded-full" />
              <Skeleton className="h-5 w-40 rounded-full" />
            </div>
            {/* A description of two lines at full width, three on a phone (text-lg: 28 px a line). */}
            <SkeletonLine className="h-7" />
            <SkeletonLine className="h-7" barClassName="w-11/12 sm:w-2/3" />
            <SkeletonLine className="h-7 sm:hidden" barClassName="w-1/3" />
          </div>
        </div>
        <div className="mt-10">
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="space-y-6">
              <Card>
                <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Specifications</h2>
                <div className="mt-3">
                  <SpecTable />
                </div>
                <p className="mt-4 flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <FileText className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                  <SkeletonLine className="w-full" barClassName="w-3/4" />
                </p>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{specificationsFootnote}</p>
              </Card>
              <Card className="grid gap-6 sm:grid-cols-2">
                {['Applications', 'Industries'].map((title) => (
                  <div key={title}>
                    <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
                    <div className="mt-2 flex flex-wrap gap-2" aria-hidden="true">
                      <Skeleton className="h-5 w-20 rounded-full" />
                      <Skeleton className="h-5 w-24 rounded-full" />
                      <Skeleton className="h-5 w-16 rounded-full" />
                    </div>
                  </div>
                ))}
              </Card>
            </div>
            <div className="space-y-6">
              <Card>
                <p className="text-sm text-slate-600 dark:text-slate-400">Indicative price</p>
                <SkeletonLine className="mt-1 h-8" barClassName="w-44" />
                <div className="mt-3">
                  <SkeletonLine />
                  <SkeletonLine />
                  <SkeletonLine className="hidden lg:flex" barClassName="w-1/2" />
                </div>
                {/* "Sign in to contact the supplier" with its two-line note, then "Ask the assistant". */}
                <div className="mt-5 space-y-3">
                  <div>
                    <Skeleton className="h-10 w-full rounded-lg" />
                    <div className="mt-2">
                      <SkeletonLine />
                      <SkeletonLine barClassName="w-1/3" />
                    </div>
                  </div>
                  <Skeleton className="h-10 w-full rounded-lg" />
                </div>
              </Card>
              <BackToCatalog />
            </div>
          </div>
          <SimilarRobotsSkeleton />
        </div>
      </div>
    </Container>
  );
}

/** /robots/:id: every figure, where it comes from, who lists it, similar robots and the ways to ask about it. */
export function RobotDetailPage({ id, renderContact, renderOfferAction }: RobotDetailPageProps) {
  // Rendered in the background, in slices, when it arrives (as the catalog's results): not one long task.
  const robot = useDeferredValue(useRobot(id));

  if (robot.isPending) return <RobotDetailSkeleton />;

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
  const offers = data.offers ?? null;

  return (
    <Page
      title={name}
      lead={
        <>
          <div className="mb-3 flex flex-wrap gap-2">
            <Badge tone="brand">{humanizeTag(data.category)}</Badge>
            {listed ? (
              <Badge tone="success">Listed by a supplier</Badge>
            ) : data.contributed ? (
              <Badge tone="warning">Supplier-contributed model</Badge>
            ) : (
              <Badge>From the makers&rsquo; datasheets</Badge>
            )}
            {offers ? <Badge tone="success">{offerSummaryText(offers)}</Badge> : null}
            {data.status === 'inactive' ? <Badge tone="warning">Inactive listing</Badge> : null}
          </div>
          {data.description ? <p>{data.description}</p> : null}
        </>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <RobotCover robot={data} className="max-w-2xl rounded-2xl" loading="eager" />
          {offers ? <OffersTable robotId={data.id} count={offers.count} renderAction={renderOfferAction ? (offer) => renderOfferAction(data, offer) : undefined} /> : null}
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
            {data.environment_source ? (
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Environment and installation values from: {data.environment_source}</p>
            ) : null}
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{specificationsFootnote}</p>
          </Card>
          <Card className="grid gap-6 sm:grid-cols-2">
            <TagList title="Applications" tags={data.applications} />
            <TagList title="Industries" tags={data.industries} />
          </Card>
        </div>
        <aside aria-label="Ask about this robot" className="space-y-6">
          <Card>
            {offers ? (
              <>
                <p className="text-sm text-slate-600 dark:text-slate-400">Suppliers&rsquo; offers</p>
                <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900 dark:text-white">{offerSummaryText(offers)}</p>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{offerSummaryDetail(offers)}</p>
                <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
                  List price: <FigureText text={formatPriceBand(data.price_min_usd, data.price_max_usd)} />
                </p>
              </>
            ) : (
              <>
                <p className="text-sm text-slate-600 dark:text-slate-400">Indicative price</p>
                <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900 dark:text-white">
                  <FigureText text={formatPriceBand(data.price_min_usd, data.price_max_usd)} />
                </p>
              </>
            )}
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              {offers
                ? 'A request for a quote reaches every supplier offering this model.'
                : listed
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
