import { ExternalLink, MapPin, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { QueryErrorState } from '@/components/ui/state-message';
import { cn } from '@/lib/cn';
import { humanizeTag } from '@/lib/robot-format';
import { useProjectIntegrators, type IntegratorCard, type IntegratorFilters } from '../api/get-project-integrators';

/** Only http(s) links are shown as links: a profile's website is user input. */
function safeWebsite(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** "Find integrators": who could deploy this project; those who offered to help come first, marked Interested. */
export function IntegratorsPanel({ projectId }: { projectId: string }) {
  const [filters, setFilters] = useState<IntegratorFilters>({ city: '', industry: '' });
  const [city, setCity] = useState('');
  const [industry, setIndustry] = useState('');
  const integrators = useProjectIntegrators(projectId, filters);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ city: city.trim(), industry: industry.trim() });
  };

  const list = [...(integrators.data ?? [])].sort((a, b) => Number(b.interested) - Number(a.interested));

  return (
    // self-start: beside a long list of matches the card keeps its own height instead of stretching to the list's.
    <Card className="self-start">
      <h2 id="integrators-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Find integrators
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        System integrators install and program the robot in your facility.
      </p>
      <form onSubmit={search} className="mt-4 space-y-3" aria-label="Find integrators">
        <Field label="City" optional>
          <Input value={city} onChange={(event) => setCity(event.target.value)} autoComplete="address-level2" />
        </Field>
        <Field label="Industry" optional>
          <Input value={industry} onChange={(event) => setIndustry(event.target.value)} placeholder="e.g. automotive" />
        </Field>
        <Button type="submit" variant="outline" className="w-full">
          Search integrators
        </Button>
      </form>
      <div className="mt-5" aria-live="polite" aria-busy={integrators.isFetching || undefined}>
        {integrators.isPending ? (
          <div role="status" aria-label="Loading integrators" className="space-y-3">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : integrators.isError ? (
          <QueryErrorState title="Integrators could not be loaded" query={integrators} />
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            No integrators found{filters.city || filters.industry ? ' for this search' : ' yet'}. Try another city or
            leave the fields empty.
          </p>
        ) : (
          <ul aria-label="Integrators" className={cn('space-y-3', integrators.isPlaceholderData && 'opacity-60')}>
            {list.map((integrator) => (
              <IntegratorItem key={integrator.id} integrator={integrator} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function IntegratorItem({ integrator }: { integrator: IntegratorCard }) {
  const website = safeWebsite(integrator.website);
  return (
    <li className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <article aria-label={integrator.company_name ?? integrator.name}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-semibold text-slate-900 dark:text-white">{integrator.company_name ?? integrator.name}</h3>
            {integrator.company_name ? <p className="text-sm text-slate-600 dark:text-slate-400">{integrator.name}</p> : null}
          </div>
          {integrator.interested ? (
            <Badge tone="success">
              <Sparkles className="mr-1 h-3 w-3" aria-hidden="true" />
              Interested
            </Badge>
          ) : null}
        </div>
        {integrator.city ? (
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-700 dark:text-slate-300">
            <MapPin className="h-3.5 w-3.5" aria-hidden="true" />
            {integrator.city}
          </p>
        ) : null}
        {integrator.industries.length ? (
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {integrator.industries.map(humanizeTag).join(', ')}
          </p>
        ) : null}
        {integrator.interested && integrator.interest_message ? (
          <blockquote className="mt-2 border-l-4 border-emerald-500 pl-3 text-sm italic text-slate-800 dark:text-slate-200">
            {integrator.interest_message}
          </blockquote>
        ) : null}
        {website ? (
          <a
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-orange-800 underline underline-offset-4 dark:text-orange-300"
          >
            Website{' '}<span className="sr-only">of {integrator.company_name ?? integrator.name} (opens in a new tab)</span>
            <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
          </a>
        ) : null}
      </article>
    </li>
  );
}
