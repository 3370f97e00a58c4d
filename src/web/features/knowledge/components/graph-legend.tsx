import { ENTITY_TYPE_LABELS, ENTITY_TYPES, type EntityType } from '../../../../shared/knowledge.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { ENTITY_COLORS } from '../graph-colors.ts';

/** The colour of each entity type, and a switch per type that shows or hides its nodes. */
export function GraphLegend({
  counts,
  hidden,
  onToggle,
}: {
  counts: ReadonlyMap<EntityType, number>;
  hidden: ReadonlySet<EntityType>;
  onToggle: (type: EntityType) => void;
}) {
  const present = ENTITY_TYPES.filter((type) => (counts.get(type) ?? 0) > 0);
  if (present.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Entity types shown">
      {present.map((type) => {
        const shown = !hidden.has(type);
        return (
          <li key={type}>
            <button
              type="button"
              aria-pressed={shown}
              onClick={() => onToggle(type)}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium transition-colors hover:bg-accent',
                !shown && 'text-muted-foreground line-through',
              )}
              data-legend={type}
            >
              <span
                className="size-2.5 rounded-full"
                style={{
                  backgroundColor: shown ? ENTITY_COLORS[type] : 'transparent',
                  border: `2px solid ${ENTITY_COLORS[type]}`,
                }}
                aria-hidden
              />
              {ENTITY_TYPE_LABELS[type]}
              <span className="tabular-nums opacity-80">{formatNumber(counts.get(type) ?? 0)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
