import { ArrowRight, Download, FileSearch, Loader2, MousePointerClick, Share2, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { ENTITY_TYPE_LABELS, edgeKey, type GraphEdge, type GraphNode } from '../../../../shared/knowledge.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { type PassageLinkState, passageHref, passagePlace } from '../../../lib/passage-link.ts';
import { documentFileHref, type Evidence, useEvidence } from '../api.ts';
import { ENTITY_COLORS } from '../graph-colors.ts';
import type { GraphSelection } from './graph-canvas.tsx';

/** Connections listed at once; the rest are counted. */
const SHOWN_CONNECTIONS = 40;

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

function EntityName({ node, onSelect }: { node: GraphNode | undefined; onSelect: (id: string) => void }) {
  if (!node) return <span className="text-muted-foreground">an entity</span>;
  return (
    <button
      type="button"
      onClick={() => onSelect(node.id)}
      className="inline-flex max-w-full items-center gap-1.5 rounded font-medium text-primary underline-offset-4 hover:underline"
    >
      <span
        className="size-2 shrink-0 rounded-full"
        style={{ backgroundColor: ENTITY_COLORS[node.type] }}
        aria-hidden
      />
      <span className="truncate">{node.name}</span>
    </button>
  );
}

/** The passages behind a node or an edge, each opening its document at the passage. */
function EvidenceList({ of, words }: { of: Evidence; words: string }) {
  const id = useId();
  const evidence = useEvidence(of);
  let body: ReactNode;
  if (evidence.isError) {
    body = <LoadError message="Could not load the passages." onRetry={() => void evidence.refetch()} />;
  } else if (!evidence.data) {
    body = (
      <div role="status" aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">Loading the passages</span>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  } else if (evidence.data.passages.length === 0) {
    body = <p className="text-sm text-muted-foreground">No passage is left behind it.</p>;
  } else {
    body = (
      <ol className="flex flex-col gap-2" data-evidence>
        {evidence.data.passages.map((passage) => {
          const place = passagePlace(passage);
          const state: PassageLinkState = {
            passage: { ...passage, text: passage.phrase ?? passage.snippet },
          };
          return (
            <li key={passage.chunkId} className="flex flex-col gap-1.5 rounded-lg border bg-background p-3">
              <p className="text-sm font-medium break-words">{passage.title}</p>
              {place && <p className="text-xs text-muted-foreground">{place}</p>}
              <blockquote className="border-l-2 pl-3 text-sm break-words text-muted-foreground">
                {passage.phrase ?? passage.snippet}
              </blockquote>
              <div className="flex flex-wrap gap-1">
                <Button asChild variant="outline" size="sm" className="h-8">
                  <Link to={passageHref(passage, words)} state={state}>
                    <FileSearch aria-hidden />
                    Open at passage
                  </Link>
                </Button>
                <Button asChild variant="ghost" size="sm" className="h-8">
                  <a
                    href={documentFileHref(passage.documentId)}
                    download
                    aria-label={`Download ${passage.title}`}
                  >
                    <Download aria-hidden />
                    Download
                  </a>
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
    );
  }
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold">
        Passages
      </h3>
      {body}
      {evidence.data?.truncated && (
        <p className="text-xs text-muted-foreground">The strongest passages are shown; there are more.</p>
      )}
    </section>
  );
}

type PanelProps = {
  selection: GraphSelection;
  nodes: ReadonlyMap<string, GraphNode>;
  edges: ReadonlyMap<string, GraphEdge>;
  expanded: ReadonlySet<string>;
  expanding: string | null;
  onExpand: (id: string) => void;
  onSelect: (selection: GraphSelection) => void;
};

function NodeDetails({
  node,
  nodes,
  edges,
  expanded,
  expanding,
  onExpand,
  onSelect,
}: PanelProps & { node: GraphNode }) {
  const connections = [...edges.values()]
    .filter((edge) => edge.source === node.id || edge.target === node.id)
    .sort((a, b) => b.weight - a.weight);
  const shown = connections.slice(0, SHOWN_CONNECTIONS);
  const isExpanded = expanded.has(node.id);
  return (
    <>
      <div className="flex flex-col gap-1 pr-8">
        <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
          <span
            className="size-2.5 rounded-full"
            style={{ backgroundColor: ENTITY_COLORS[node.type] }}
            aria-hidden
          />
          {ENTITY_TYPE_LABELS[node.type]}
        </p>
        <h2 className="text-lg leading-tight font-semibold break-words" data-selected-entity>
          {node.name}
        </h2>
        <p className="text-sm text-muted-foreground">
          {plural(node.mentionCount, 'mention', 'mentions')} in{' '}
          {plural(node.documentCount, 'document', 'documents')}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() => onExpand(node.id)}
          disabled={isExpanded || expanding !== null}
          data-expand
        >
          {expanding === node.id ? <Loader2 className="animate-spin" aria-hidden /> : <Share2 aria-hidden />}
          {isExpanded ? 'Connections shown' : 'Show connections'}
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link
            to={`/enterprise-file-search?${new URLSearchParams({ q: node.name, entity: node.id, entityName: node.name })}`}
          >
            <FileSearch aria-hidden />
            Search its passages
          </Link>
        </Button>
      </div>
      {connections.length > 0 && (
        <section className="flex flex-col gap-2" aria-label="Connections">
          <h3 className="text-sm font-semibold">Connections ({formatNumber(connections.length)})</h3>
          <ul className="flex flex-col gap-1 text-sm" data-connections>
            {shown.map((edge) => {
              const other = nodes.get(edge.source === node.id ? edge.target : edge.source);
              return (
                <li key={edgeKey(edge)} className="flex min-w-0 items-center gap-2">
                  <button
                    type="button"
                    onClick={() => onSelect({ kind: 'edge', id: edgeKey(edge) })}
                    className="shrink-0 rounded bg-muted px-1.5 py-0.5 text-xs hover:bg-accent"
                    aria-label={
                      edge.source === node.id
                        ? `${node.name} ${edge.relation} ${other?.name ?? ''}: the passages`
                        : `${other?.name ?? ''} ${edge.relation} ${node.name}: the passages`
                    }
                  >
                    {/* The arrow reads the relation's way: from this entity, or towards it. */}
                    {edge.source === node.id ? `${edge.relation} →` : `← ${edge.relation}`}
                  </button>
                  <span className="min-w-0">
                    <EntityName node={other} onSelect={(id) => onSelect({ kind: 'node', id })} />
                  </span>
                </li>
              );
            })}
          </ul>
          {connections.length > shown.length && (
            <p className="text-xs text-muted-foreground">
              …and {plural(connections.length - shown.length, 'more', 'more')}
            </p>
          )}
        </section>
      )}
      <EvidenceList of={{ entityId: node.id }} words={node.name} />
    </>
  );
}

function EdgeDetails({ edge, nodes, onSelect }: PanelProps & { edge: GraphEdge }) {
  const source = nodes.get(edge.source);
  const target = nodes.get(edge.target);
  return (
    <>
      <div className="flex flex-col gap-2 pr-8">
        <p className="text-xs font-medium text-muted-foreground">Relationship</p>
        <h2
          className="flex flex-wrap items-center gap-x-2 gap-y-1 text-base leading-tight font-semibold"
          data-selected-relationship
        >
          <EntityName node={source} onSelect={(id) => onSelect({ kind: 'node', id })} />
          <span className="inline-flex items-center gap-1 font-normal text-muted-foreground">
            {edge.relation}
            <ArrowRight className="size-3.5" aria-hidden />
          </span>
          <EntityName node={target} onSelect={(id) => onSelect({ kind: 'node', id })} />
        </h2>
        <p className="text-sm text-muted-foreground">Found in {plural(edge.weight, 'passage', 'passages')}</p>
      </div>
      <EvidenceList
        of={{ source: edge.source, target: edge.target, relation: edge.relation }}
        words={[source?.name, target?.name].filter(Boolean).join(' ')}
      />
    </>
  );
}

/** Beside the graph: the picked entity or relationship, its connections and the passages behind it. */
export function GraphPanel(props: PanelProps) {
  const { selection, nodes, edges, onSelect } = props;
  const node = selection?.kind === 'node' ? nodes.get(selection.id) : undefined;
  const edge = selection?.kind === 'edge' ? edges.get(selection.id) : undefined;
  return (
    <aside
      aria-label="Selection"
      className="relative flex min-w-0 flex-col gap-4 rounded-2xl border bg-card p-4 shadow-xs"
      data-graph-panel
    >
      {node || edge ? (
        <>
          <Button
            variant="ghost"
            size="icon"
            className="absolute top-2 right-2 size-8"
            onClick={() => onSelect(null)}
            aria-label="Close"
          >
            <X aria-hidden />
          </Button>
          {node && <NodeDetails {...props} node={node} />}
          {edge && <EdgeDetails {...props} edge={edge} />}
        </>
      ) : (
        <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted-foreground">
          <MousePointerClick className="size-6" aria-hidden />
          <p>
            Click an entity to show its connections and the passages that mention it, or a line between two to
            see what links them.
          </p>
        </div>
      )}
    </aside>
  );
}
