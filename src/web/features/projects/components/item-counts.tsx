import { PROJECT_ITEM_KINDS, PROJECT_ITEM_LABELS, type ProjectCounts } from '../../../../shared/projects.ts';

/** "2 Companies · 1 RFP": the kinds a project holds, in the page's order. */
export function ItemCounts({ counts }: { counts: ProjectCounts }) {
  const held = PROJECT_ITEM_KINDS.filter((kind) => counts[kind] > 0);
  if (held.length === 0) return <span className="text-xs text-muted-foreground">Nothing added yet</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="What it holds">
      {held.map((kind) => (
        <li
          key={kind}
          className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground"
          data-count={kind}
        >
          <span className="font-medium text-foreground tabular-nums">{counts[kind]}</span>{' '}
          {counts[kind] === 1 ? PROJECT_ITEM_LABELS[kind].one : PROJECT_ITEM_LABELS[kind].many}
        </li>
      ))}
    </ul>
  );
}
