import type { ComponentProps } from 'react';
import { Select } from '@/components/ui/select';
import { useProjects } from '../api/projects';

/** A select of the signed-in customer's projects, "No project" first; the list loads when it shows. */
export function CustomerProjectSelect(props: Omit<ComponentProps<typeof Select>, 'options' | 'placeholder'>) {
  const projects = useProjects('customer');
  const options = (projects.data ?? []).map((project) => ({ value: project.id, label: project.project_name }));
  return <Select placeholder="No project" options={options} {...props} />;
}
