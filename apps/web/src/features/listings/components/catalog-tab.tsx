import type { IntegratorCatalogRobot } from '@cellforge/contracts';
import { CATALOG_DEFAULT_LIMIT } from '@cellforge/contracts/constants';
import { useState, type FormEvent } from 'react';
import { Search, Upload } from 'lucide-react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/field';
import { StatCard } from '@/components/ui/stat-card';
import { errorMessageOf } from '@/lib/api-answer';
import { isApiError } from '@/lib/api-client';
import { UNKNOWN } from '@/lib/robot-format';
import { integratorKeys } from '@/lib/integrator-query-keys';
import { MESSAGES } from '@/lib/integrator-messages';
import { useReveal } from '@/lib/use-reveal';
import { NoEntry, QueryState } from '@/components/ui/query-state';
import type { BulkUploadDialog } from '../bulk-upload-slot';
import { useCatalogRobots } from '../api/get-catalog-robots';
import { useCatalogStats } from '../api/get-catalog-stats';
import { useDeleteCatalogRobot } from '../api/delete-catalog-robot';
import { catalogRobotName, RobotCard } from './robot-card';
import { RobotEditDialog } from './robot-edit-dialog';

/** docs/product.md §3.12: an import reloads the catalog (robots and stats). */
const reloadCatalog = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: integratorKeys.catalog });

function pageOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Catalog tab: stats, search (Enter or the Search button), robot cards (own ones: Edit, Delete), paging by 20, Bulk Upload. */
export function CatalogTab({ BulkUploadWizard }: { BulkUploadWizard: BulkUploadDialog }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search') ?? '';
  const page = pageOf(searchParams.get('page'));
  const [draft, setDraft] = useState(search);
  const [wizardOpen, setWizardOpen] = useState(false);
  // "Show the imported robots": the filtered list is scrolled to and focused once it has loaded.
  const { ref: importListTarget, reveal: revealImportList } = useReveal<HTMLParagraphElement>();
  const importId = searchParams.get('import') ?? '';
  const robots = useCatalogRobots({ page, search, importId });
  const stats = useCatalogStats();
  const deleteRobot = useDeleteCatalogRobot();
  const [editing, setEditing] = useState<IntegratorCatalogRobot | null>(null);
  const [deleting, setDeleting] = useState<IntegratorCatalogRobot | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const update = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') params.delete(key);
      else params.set(key, value);
    }
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  const runSearch = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (next === search && page === 1) {
      void robots.refetch();
      return;
    }
    update({ search: next, page: null });
  };

  const askDelete = (robot: IntegratorCatalogRobot | null) => {
    deleteRobot.reset();
    setDeleteError(null);
    setDeleting(robot);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const lastOnPage = page > 1 && robots.data?.data.length === 1;
    try {
      await deleteRobot.mutateAsync(deleting._id);
      toast.success(`Deleted “${catalogRobotName(deleting)}”`);
      setDeleting(null);
      // The page it was on is empty now: show the one before it.
      if (lastOnPage) update({ page: page - 1 > 1 ? String(page - 1) : null });
    } catch (error) {
      setDeleteError(errorMessageOf(error, 'The robot could not be deleted. Please try again.'));
      // Gone already (another tab): the list should stop showing it.
      if (isApiError(error) && error.status === 404) void robots.refetch();
    }
  };

  const figure = (read: (data: NonNullable<typeof stats.data>) => number) =>
    stats.isPending ? null : stats.isError || !stats.data ? UNKNOWN : read(stats.data);

  const data = robots.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (data?.limit ?? CATALOG_DEFAULT_LIMIT)));
  const first = total === 0 ? 0 : (page - 1) * (data?.limit ?? CATALOG_DEFAULT_LIMIT) + 1;
  const last = Math.min(total, first + (data?.data.length ?? 0) - 1);

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Robot catalog</h2>
        <Button onClick={() => setWizardOpen(true)}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Bulk Upload
        </Button>
      </div>

      <section aria-label="Catalog figures">
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <StatCard label="Total Robots" value={figure((s) => s.total_robots)} />
          <StatCard label="Active Robots" value={figure((s) => s.active_robots)} />
          <StatCard label="Inactive" value={figure((s) => s.inactive_robots)} />
          <StatCard label="Categories" value={figure((s) => s.categories.length)} />
        </dl>
      </section>

      <form role="search" aria-label="Catalog" onSubmit={runSearch} className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor="integrator-catalog-search" className="sr-only">
          Search the catalog
        </label>
        <Input
          id="integrator-catalog-search"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Search by model or manufacturer"
          className="sm:flex-1"
        />
        <Button type="submit" variant="secondary">
          <Search className="h-4 w-4" aria-hidden="true" />
          Search
        </Button>
      </form>

      <section aria-label="Robots" aria-busy={robots.isFetching || undefined}>
        {robots.isError || robots.isPending ? (
          <QueryState
            error={robots.error}
            isPending={robots.isPending}
            isRefetching={robots.isRefetching}
            onRetry={() => void robots.refetch()}
            loadingLabel="Loading catalog"
            connectionMessage={MESSAGES.catalogConnection}
          />
        ) : !data || data.data.length === 0 ? (
          <NoEntry>{importId ? <p>No robots of this import are in your catalog any more.</p> : search ? <p>No robots match “{search}”.</p> : <p>No robots in your catalog yet. Use Bulk Upload to add yours.</p>}</NoEntry>
        ) : (
          <>
            <p
              ref={importListTarget}
              tabIndex={-1}
              role="status"
              className="mb-4 flex scroll-mt-24 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-orange-600 dark:text-slate-300 dark:focus-visible:outline-orange-400"
            >
              <span>
                Showing {first}–{last} of {total} robots{search ? ` for “${search}”` : ''}
                {importId ? ' from your import' : ''}
              </span>
              {importId ? (
                <Button variant="outline" size="sm" onClick={() => update({ import: null, page: null })}>
                  Show the whole catalog
                </Button>
              ) : null}
            </p>
            <ul aria-label="Catalog robots" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data.data.map((robot) => (
                <li key={robot._id}>
                  <RobotCard
                    robot={robot}
                    onEdit={robot.can_edit ? () => setEditing(robot) : undefined}
                    onDelete={robot.can_edit ? () => askDelete(robot) : undefined}
                  />
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <nav aria-label="Catalog pages" className="mt-6 flex flex-wrap items-center justify-between gap-3">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => update({ page: page - 1 > 1 ? String(page - 1) : null })}>
                  Previous
                </Button>
                <span className="text-sm text-slate-700 dark:text-slate-300">
                  Page {page} of {pages}
                </span>
                <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
                  Next
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </section>

      <RobotEditDialog robot={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => askDelete(null)}
        title="Delete this robot?"
        description={deleting ? <>“{catalogRobotName(deleting)}” will be removed from your catalog. This cannot be undone.</> : null}
        cancelLabel="Keep it"
        confirmLabel="Delete robot"
        onConfirm={() => void confirmDelete()}
        busy={deleteRobot.isPending}
        error={deleteError}
      />

      <BulkUploadWizard
        open={wizardOpen}
        onClose={() => setWizardOpen(false)}
        basePath="/api/integrator/bulk-upload"
        reload={reloadCatalog}
        onShowImported={(id) => {
          update({ import: id, search: null, page: null });
          revealImportList();
        }}
      />
    </div>
  );
}
