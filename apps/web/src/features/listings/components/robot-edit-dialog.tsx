import type { IntegratorCatalogRobot } from '@cellforge/contracts';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { InlineAlert } from '@/components/ui/inline-alert';
import { RobotForm } from '@/features/listings/components/robot-form';
import { serverMessageOf } from '@/lib/query-errors';
import { LoadingState } from '@/components/ui/query-state';
import { useCatalogRobot } from '../api/get-catalog-robot';
import { useUpdateCatalogRobot } from '../api/update-catalog-robot';
import { catalogRobotName } from './robot-card';

const ROBOT_SAVE_FAILED = 'The robot could not be saved. Please try again.';
const READ_ONLY = 'Robots of the shared catalog are read-only.';
/** Own robots are private: an unknown figure is shown to the integrator (and in Stage 2), never guessed. */
const FIGURE_NOTE = 'Leave a figure empty when the datasheet does not give it: your catalog shows a dash, never a guess.';

export interface RobotEditDialogProps {
  /** The card being edited; the dialog is closed when null. */
  robot: IntegratorCatalogRobot | null;
  onClose: () => void;
}

/** "Edit" on an own robot's card: every field, prefilled from GET /catalog/robots/:id. */
export function RobotEditDialog({ robot, onClose }: RobotEditDialogProps) {
  return (
    <Dialog
      open={robot !== null}
      onClose={onClose}
      title="Edit robot"
      description={robot ? catalogRobotName(robot) : null}
      className="sm:max-w-2xl"
    >
      {robot ? <EditBody key={robot._id} id={robot._id} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditBody({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useCatalogRobot(id);
  const update = useUpdateCatalogRobot();

  if (detail.isPending) return <LoadingState label="Loading the robot" />;
  if (detail.isError) {
    return (
      <InlineAlert title="This robot could not be loaded." detail={serverMessageOf(detail.error)}>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void detail.refetch()}>
          Retry
        </Button>
      </InlineAlert>
    );
  }
  if (!detail.data.can_edit) return <InlineAlert tone="info" title={READ_ONLY} />;

  return (
    <RobotForm
      robot={detail.data}
      label="Edit robot"
      submitLabel="Save robot"
      failureMessage={ROBOT_SAVE_FAILED}
      unknownFigureNote={FIGURE_NOTE}
      onCancel={onClose}
      onSubmit={async (input) => {
        const saved = await update.mutateAsync({ id, input });
        toast.success(`${saved.manufacturer} ${saved.model} saved`);
        onClose();
      }}
    />
  );
}
