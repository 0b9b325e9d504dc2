import { useState } from 'react';
import { Settings } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Tabs } from '@/components/ui/tabs';
import { AnalyzeTab } from './analyze-tab';
import { CatalogTab } from './catalog-tab';
import { ProjectsTab } from './projects-tab';
import { SettingsDialog } from './settings-dialog';

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

/** Spec section 2: Catalog, Projects, Upload and Analyze (the tab is kept in ?tab=), and Account Settings. */
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
          { value: 'catalog', label: 'Catalog', content: <CatalogTab /> },
          { value: 'projects', label: 'Projects', content: <ProjectsTab /> },
          { value: 'analyze', label: 'Upload and Analyze', content: <AnalyzeTab /> },
        ]}
      />
      <SettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
