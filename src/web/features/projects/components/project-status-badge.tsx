import { PROJECT_STATUS_LABELS, type ProjectStatus } from '../../../../shared/projects.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { STATUS_BADGE } from '../format.ts';

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Badge variant={STATUS_BADGE[status]} data-project-status={status}>
      {PROJECT_STATUS_LABELS[status]}
    </Badge>
  );
}
