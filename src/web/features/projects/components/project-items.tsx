import {
  Building2,
  ClipboardList,
  FileText,
  FolderOpen,
  Loader2,
  type LucideIcon,
  PenLine,
  Target,
  Trash2,
  User,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  groupItems,
  PROJECT_ITEM_LABELS,
  type Project,
  type ProjectItem,
  type ProjectItemKind,
} from '../../../../shared/projects.ts';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useRemoveItem } from '../api.ts';
import { itemHref } from '../format.ts';

const ICONS: Record<ProjectItemKind, LucideIcon> = {
  company: Building2,
  person: User,
  prospect: Target,
  document: FileText,
  rfp: ClipboardList,
  generated_document: PenLine,
};

/** Where each kind is found, for the empty project. */
const AGENTS: { label: string; href: string }[] = [
  { label: 'Company Finder', href: '/sales-account-development' },
  { label: 'People Finder', href: '/people-finder-master' },
  { label: 'Prospects', href: '/account-management' },
  { label: 'Knowledge agent', href: '/sales-knowledge-agent' },
  { label: 'RFP responses', href: '/automated-rfp-responses' },
  { label: 'Document generation', href: '/sales-document-generation' },
];

function ItemRow({ projectId, item }: { projectId: string; item: ProjectItem }) {
  const remove = useRemoveItem(projectId);
  const href = itemHref(item);
  const Icon = ICONS[item.kind];
  const onRemove = () =>
    remove.mutate(item.id, {
      onSuccess: () => toast({ title: 'Removed from the project', description: item.name }),
      onError: (err) => toastFailure('Could not remove it', err),
    });
  return (
    <li
      className="flex items-start gap-3 py-3"
      data-project-item={item.kind}
      data-removed={item.removed || undefined}
    >
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          {href ? (
            <Link
              to={href}
              className="min-w-0 font-medium break-words hover:underline focus-visible:underline"
            >
              {item.name}
            </Link>
          ) : (
            <span className="min-w-0 font-medium break-words text-muted-foreground line-through">
              {item.name}
            </span>
          )}
          {item.removed && (
            <Badge variant="outline" title="The record was deleted since it was added">
              removed
            </Badge>
          )}
          {item.status && <Badge variant="secondary">{item.status}</Badge>}
        </div>
        {item.detail && <p className="text-sm break-words text-muted-foreground">{item.detail}</p>}
        {item.progress !== null && (
          <div
            className="mt-1 h-1.5 w-full max-w-60 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label={`${item.name}: answers approved`}
            aria-valuenow={item.progress}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full bg-primary" style={{ width: `${item.progress}%` }} />
          </div>
        )}
        <p className="text-xs text-muted-foreground">Added {formatDate(item.addedAt)}</p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0 text-muted-foreground hover:text-destructive"
        onClick={onRemove}
        disabled={remove.isPending}
        aria-label={`Remove ${item.name} from the project`}
        data-remove-item
      >
        {remove.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
        <span className="hidden sm:inline">Remove</span>
      </Button>
    </li>
  );
}

function ItemGroup({
  projectId,
  kind,
  items,
}: {
  projectId: string;
  kind: ProjectItemKind;
  items: ProjectItem[];
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-item-group={kind}>
      <h3 id={id} className="text-sm font-semibold text-muted-foreground">
        {PROJECT_ITEM_LABELS[kind].many} <span className="font-normal tabular-nums">({items.length})</span>
      </h3>
      <ul className="divide-y" aria-label={PROJECT_ITEM_LABELS[kind].many}>
        {items.map((item) => (
          <ItemRow key={item.id} projectId={projectId} item={item} />
        ))}
      </ul>
    </section>
  );
}

/** What the project holds, grouped by kind, each opening in its agent and removable. */
export function ProjectItems({ project }: { project: Project }) {
  const id = useId();
  const groups = groupItems(project.items);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6"
    >
      <h2 id={`${id}-title`} className="mb-4 text-lg leading-tight font-semibold tracking-tight">
        In this project
      </h2>
      {groups.length === 0 ? (
        <StatePanel icon={<FolderOpen className="size-6" aria-hidden />} title="Nothing in this project yet">
          <p className="max-w-md text-sm text-muted-foreground" data-project-items-empty>
            Use “Add to project” on a company, person, prospect, document, RFP or generated document:
          </p>
          <ul className="flex flex-wrap justify-center gap-2">
            {AGENTS.map((agent) => (
              <li key={agent.href}>
                <Button asChild variant="outline" size="sm">
                  <Link to={agent.href}>{agent.label}</Link>
                </Button>
              </li>
            ))}
          </ul>
        </StatePanel>
      ) : (
        <div className="flex flex-col gap-6">
          {groups.map((group) => (
            <ItemGroup key={group.kind} projectId={project.id} kind={group.kind} items={group.items} />
          ))}
        </div>
      )}
    </section>
  );
}
