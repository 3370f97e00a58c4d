import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectStatus } from '../../../../shared/projects.ts';
import { NativeSelect } from '../../../components/ui/native-select.tsx';

type Props = {
  id?: string;
  value: ProjectStatus;
  onChange: (status: ProjectStatus) => void;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
};

/** Where a project stands: planning, active, on hold, won, lost, archived. */
export function ProjectStatusSelect({ value, onChange, ...props }: Props) {
  return (
    <NativeSelect
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value as ProjectStatus)}
    >
      {PROJECT_STATUSES.map((status) => (
        <option key={status} value={status}>
          {PROJECT_STATUS_LABELS[status]}
        </option>
      ))}
    </NativeSelect>
  );
}
