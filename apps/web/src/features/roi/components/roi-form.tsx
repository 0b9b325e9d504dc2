import { ROI_FIELDS, ROI_FIELD_KEYS, ROI_GROUP_LABELS, type RoiField, type RoiFieldGroup } from '@cellforge/roi';
import type { RawRoiInputs } from '../utils/url-state';
import { RoiNumberField } from './roi-number-field';

const GROUPS = Object.keys(ROI_GROUP_LABELS) as RoiFieldGroup[];

export interface RoiFormProps {
  raw: RawRoiInputs;
  errors: Partial<Record<RoiField, string>>;
  onChange: (field: RoiField, value: string) => void;
}

/** Every input, grouped the way a plant engineer gathers them. Results update as you type. */
export function RoiForm({ raw, errors, onChange }: RoiFormProps) {
  return (
    <form aria-label="ROI inputs" noValidate onSubmit={(event) => event.preventDefault()} className="space-y-8">
      {GROUPS.map((group) => (
        <fieldset key={group} className="space-y-4">
          <legend className="text-lg font-semibold text-slate-900 dark:text-white">{ROI_GROUP_LABELS[group]}</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            {ROI_FIELD_KEYS.filter((key) => ROI_FIELDS[key].group === group).map((key) => (
              <RoiNumberField key={key} field={key} value={raw[key]} error={errors[key]} onChange={onChange} />
            ))}
          </div>
        </fieldset>
      ))}
    </form>
  );
}
