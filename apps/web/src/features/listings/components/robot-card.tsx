import type { IntegratorCatalogRobot } from '@cellforge/contracts';
import { Pencil, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatKg, formatMm, formatNumber, humanizeTag } from '@/lib/robot-format';

/** permission_level + can_edit in words: "Owner · can edit" for the integrator's own robots, "Read only" for the shared catalog. */
export function accessLabel(robot: Pick<IntegratorCatalogRobot, 'permission_level' | 'can_edit'>): string {
  if (robot.permission_level === 'owner') return robot.can_edit ? 'Owner · can edit' : 'Owner · read only';
  return robot.can_edit ? 'Read · can edit' : 'Read only';
}

export function catalogRobotName(robot: Pick<IntegratorCatalogRobot, 'manufacturer' | 'model_name'>): string {
  return `${robot.manufacturer} ${robot.model_name}`;
}

export interface RobotCardProps {
  robot: IntegratorCatalogRobot;
  /** Offered only when the robot can be edited (can_edit): the shared catalog stays read-only. */
  onEdit?: () => void;
  onDelete?: () => void;
}

export function RobotCard({ robot, onEdit, onDelete }: RobotCardProps) {
  const name = catalogRobotName(robot);
  const editable = robot.can_edit && (onEdit || onDelete);
  const specs = [
    { label: 'Rated payload', value: formatKg(robot.normalized_specs.payload_kg) },
    { label: 'Reach', value: formatMm(robot.normalized_specs.reach_mm) },
    { label: 'DOF', value: formatNumber(robot.normalized_specs.dof) },
  ];
  return (
    <article aria-label={name} className={cn(cardClasses, 'flex h-full flex-col gap-4 p-5')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold break-words text-slate-900 dark:text-white">{robot.model_name}</h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">{robot.manufacturer}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={robot.can_edit ? 'success' : 'neutral'} data-permission={robot.permission_level} data-can-edit={robot.can_edit}>
            {accessLabel(robot)}
          </Badge>
          {robot.status === 'inactive' ? <Badge tone="warning">Inactive</Badge> : null}
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-3 text-sm">
        {specs.map((spec) => (
          <div key={spec.label}>
            <dt className="text-slate-600 dark:text-slate-400">{spec.label}</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">{spec.value}</dd>
          </div>
        ))}
      </dl>
      {robot.category ? (
        <p className="mt-auto text-xs text-slate-600 dark:text-slate-400">Category: {humanizeTag(robot.category)}</p>
      ) : null}
      {editable ? (
        <div className={cn('flex flex-wrap gap-2', !robot.category && 'mt-auto')}>
          {onEdit ? (
            <Button variant="outline" size="sm" onClick={onEdit}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit{' '}<span className="sr-only">{name}</span>
            </Button>
          ) : null}
          {onDelete ? (
            <Button variant="ghost" size="sm" onClick={onDelete}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Delete{' '}<span className="sr-only">{name}</span>
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
