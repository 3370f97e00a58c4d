import {
  TARGET_ACCOUNT_STATUS_LABELS,
  TARGET_ACCOUNT_STATUSES,
  type TargetAccountStatus,
} from '../../../../shared/companies.ts';
import { NativeSelect } from '../../../components/ui/native-select.tsx';

type Props = {
  id?: string;
  value: TargetAccountStatus;
  onChange: (status: TargetAccountStatus) => void;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
};

/** Where a saved account stands, as the seller moves it along. */
export function StatusSelect({ value, onChange, ...props }: Props) {
  return (
    <NativeSelect
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value as TargetAccountStatus)}
    >
      {TARGET_ACCOUNT_STATUSES.map((status) => (
        <option key={status} value={status}>
          {TARGET_ACCOUNT_STATUS_LABELS[status]}
        </option>
      ))}
    </NativeSelect>
  );
}
