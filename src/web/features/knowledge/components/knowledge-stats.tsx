import { FileText, GitFork, Network, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { RECENT_ACTIVITY_DAYS, type KnowledgeStats as Stats } from '../../../../shared/knowledge.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { isProcessing, useDocuments, useKnowledgeStats } from '../api.ts';

const FIGURES: { key: keyof Stats; label: string; icon: ReactNode }[] = [
  { key: 'totalDocuments', label: 'Documents', icon: <FileText className="size-4" aria-hidden /> },
  { key: 'totalEntities', label: 'Entities', icon: <Network className="size-4" aria-hidden /> },
  { key: 'totalRelationships', label: 'Relationships', icon: <GitFork className="size-4" aria-hidden /> },
  {
    key: 'recentActivity',
    label: `Added in the last ${RECENT_ACTIVITY_DAYS} days`,
    icon: <Sparkles className="size-4" aria-hidden />,
  },
];

/** Spec 3 "Knowledge stats": documents, entities, relationships, and documents added this week. */
export function KnowledgeStats() {
  // While documents are processed, the entities and relationships grow: the figures follow.
  const live = useDocuments('').data?.some(isProcessing) ?? false;
  const stats = useKnowledgeStats(live);
  if (stats.isError) {
    return (
      <Card className="p-4">
        <LoadError message="Could not load the statistics." onRetry={() => void stats.refetch()} />
      </Card>
    );
  }
  return (
    <section aria-label="Knowledge base statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {FIGURES.map(({ key, label, icon }) => (
        <Card key={key} className="flex flex-col gap-1 p-4">
          <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            {icon}
            {label}
          </span>
          {stats.data ? (
            <span className="text-2xl font-semibold tabular-nums" data-knowledge-stat={key}>
              {formatNumber(stats.data[key])}
            </span>
          ) : (
            <Skeleton className="h-8 w-16" />
          )}
        </Card>
      ))}
    </section>
  );
}
