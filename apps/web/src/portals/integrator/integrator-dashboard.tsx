import { useState } from 'react';
import { Settings } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Tabs } from '@/components/ui/tabs';
import { AnalyzeTab } from '@/features/analysis/components/analyze-tab';
import { BulkUploadWizard } from '@/features/bulk-upload/components/bulk-upload-wizard';
import { SettingsDialog } from '@/features/integrator-settings/components/settings-dialog';
import { CatalogTab } from '@/features/listings/components/catalog-tab';
import { OpportunitiesSection } from '@/features/opportunities/components/opportunities-section';
import { useProjects } from '@/features/projects/api/projects';
import { ProjectDialog } from '@/features/projects/components/project-dialog';
import { ProjectsTab } from '@/features/projects/components/projects-tab';

export type IntegratorTab = 'catalog' | 'projects' | 'analyze';
const TABS: readonly IntegratorTab[] = ['catalog', 'projects', 'analyze'];
/** Query keys that belong to one tab; they go when the tab changes. */
const TAB_PARAMS: Record<IntegratorTab, readonly string[]> = {
  catalog: ['search', 'page'],
  projects: ['status'],
  analyze: ['project', 'job'],
};

export function tabOf(raw: string | null): IntegratorTab {
  return TABS.find((tab) => tab === raw) ?? 'catalog';
}

/** docs/product.md §3.11: Catalog, Projects, Upload and Analyze (the tab is kept in ?tab=), and Account Settings. */
export function IntegratorDashboard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));
  const [settingsOpen, setSettingsOpen] = useState(false);

  const selectTab = (next: IntegratorTab) => {
    if (next === tab) return;
    const params = new URLSearchParams(searchParams);
    for (const key of TAB_PARAMS[tab]) params.delete(key);
    if (next === 'catalog') params.delete('tab');
    else params.set('tab', next);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <Button variant="outline" onClick={() => setSettingsOpen(true)}>
          <Settings className="h-4 w-4" aria-hidden="true" />
          Account Settings
        </Button>
      </div>
      <Tabs<IntegratorTab>
        label="Integrator dashboard"
        value={tab}
        onValueChange={selectTab}
        items={[
          { value: 'catalog', label: 'Catalog', content: <CatalogTab BulkUploadWizard={BulkUploadWizard} /> },
          {
            value: 'projects',
            label: 'Projects',
            content: (
              <ProjectsTab>
                {/* Below the integrator's own projects: the product has no Opportunities tab (docs/product.md §3.11). */}
                <OpportunitiesSection />
              </ProjectsTab>
            ),
          },
          { value: 'analyze', label: 'Upload and Analyze', content: <IntegratorAnalyzeTab /> },
        ]}
      />
      <SettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}

/** Upload and Analyze: the analysis feature, for one of the integrator's projects (features/projects). */
function IntegratorAnalyzeTab() {
  const projects = useProjects('integrator', 'all');
  return <AnalyzeTab projects={projects} ProjectDialog={ProjectDialog} />;
}
