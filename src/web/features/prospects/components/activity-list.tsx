import { History } from 'lucide-react';
import type { ProspectActivity } from '../../../../shared/prospects.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { describeActivity, formatDateTime } from '../format.ts';

/** What happened to the prospect, newest first: the touches its momentum is computed from. */
export function ActivityList({ activities }: { activities: readonly ProspectActivity[] }) {
  return (
    <SectionCard
      title="Activity"
      icon={<History className="size-5 text-muted-foreground" aria-hidden />}
      description="The latest 20 changes, newest first. Documents and RFPs for this account will appear here too."
    >
      {activities.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <ol className="flex flex-col" data-activities>
          {activities.map((activity) => (
            <li
              key={activity.id}
              className="flex flex-col gap-0.5 border-l-2 border-border py-2 pl-4 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
              data-activity={activity.kind}
            >
              <span className="text-sm">{describeActivity(activity)}</span>
              <time dateTime={activity.createdAt} className="shrink-0 text-xs text-muted-foreground">
                {formatDateTime(activity.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
