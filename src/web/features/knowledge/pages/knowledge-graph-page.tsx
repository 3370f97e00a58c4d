import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Network, RotateCcw, Upload } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  type EntityType,
  edgeKey,
  type GraphEdge,
  type GraphNode,
  type KnowledgeGraph,
} from '../../../../shared/knowledge.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { toastFailure } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { getNeighbourhood, KNOWLEDGE_KEY, useGraphOverview, useKnowledgeStats } from '../api.ts';
import { EntityPicker } from '../components/entity-picker.tsx';
import type { GraphSelection } from '../components/graph-canvas.tsx';
import { GraphLegend } from '../components/graph-legend.tsx';
import { GraphPanel } from '../components/graph-panel.tsx';

// sigma.js and graphology are a chunk of their own: the page, its search and its panel show before them.
const GraphCanvas = lazy(() =>
  import('../components/graph-canvas.tsx').then((m) => ({ default: m.GraphCanvas })),
);

type Loaded = {
  nodes: ReadonlyMap<string, GraphNode>;
  edges: ReadonlyMap<string, GraphEdge>;
  /** A neighbourhood was cut to its strongest connections. */
  truncated: boolean;
};

const EMPTY: Loaded = { nodes: new Map(), edges: new Map(), truncated: false };

/** The graph shown so far with a neighbourhood added (new maps only when something is new). */
function merge(current: Loaded, graph: KnowledgeGraph): Loaded {
  const nodes = new Map(current.nodes);
  const edges = new Map(current.edges);
  for (const node of graph.nodes) nodes.set(node.id, node);
  for (const edge of graph.edges) edges.set(edgeKey(edge), edge);
  return { nodes, edges, truncated: current.truncated || graph.truncated };
}

/**
 * `/knowledge-graph`: the entities found in the user's documents and how they are connected. Starts from
 * the most connected ones; search an entity or click a node to add its neighbours, filter by type with the
 * legend, and open the passages behind a node or an edge in the panel.
 */
export function KnowledgeGraphPage() {
  useDocumentTitle('Knowledge graph');
  const queryClient = useQueryClient();
  const stats = useKnowledgeStats();
  const overview = useGraphOverview();
  const [loaded, setLoaded] = useState<Loaded>(EMPTY);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [expanding, setExpanding] = useState<string | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<EntityType>>(new Set());
  const [selection, setSelection] = useState<GraphSelection>(null);
  const [focus, setFocus] = useState<{ id: string; at: number } | null>(null);

  const reset = useCallback(() => {
    setLoaded(overview.data ? merge(EMPTY, overview.data) : EMPTY);
    setExpanded(new Set());
    setSelection(null);
  }, [overview.data]);
  // The overview is the starting point once; a later refetch does not undo the exploration.
  const started = useRef(false);
  useEffect(() => {
    if (overview.data && !started.current) {
      started.current = true;
      reset();
    }
  }, [overview.data, reset]);

  const expand = useCallback(
    async (id: string) => {
      setExpanding(id);
      try {
        const graph = await queryClient.fetchQuery({
          queryKey: [...KNOWLEDGE_KEY, 'graph', 'neighbourhood', id],
          queryFn: () => getNeighbourhood(id, 1),
        });
        setLoaded((current) => merge(current, graph));
        setExpanded((current) => new Set(current).add(id));
      } catch (err) {
        toastFailure('Could not load the connections', err);
      } finally {
        setExpanding(null);
      }
    },
    [queryClient],
  );

  const selectNode = useCallback(
    (id: string) => {
      setSelection({ kind: 'node', id });
      setFocus({ id, at: Date.now() });
      // A click on a node adds its neighbours (once).
      if (!expanded.has(id)) void expand(id);
    },
    [expanded, expand],
  );

  const pickEntity = (entity: GraphNode) => {
    setLoaded((current) => merge(current, { nodes: [entity], edges: [], truncated: false }));
    selectNode(entity.id);
  };

  const counts = useMemo(() => {
    const byType = new Map<EntityType, number>();
    for (const node of loaded.nodes.values()) byType.set(node.type, (byType.get(node.type) ?? 0) + 1);
    return byType;
  }, [loaded.nodes]);

  const toggleType = (type: EntityType) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(type)) next.add(type);
      return next;
    });

  const noDocuments = stats.data?.totalDocuments === 0;
  const empty = overview.data && overview.data.nodes.length === 0 && loaded.nodes.size === 0;

  let main: ReactNode;
  if (noDocuments || (empty && stats.data)) {
    main = (
      <StatePanel icon={<Upload className="size-6" aria-hidden />} title="Your graph is empty">
        <p className="max-w-md text-sm text-muted-foreground" data-graph-empty>
          {noDocuments
            ? 'Upload documents in the Knowledge agent to build your graph.'
            : 'Your documents are still being processed, or no entity was found in them yet. Upload documents in the Knowledge agent to build your graph.'}
        </p>
        <Button asChild>
          <Link to="/sales-knowledge-agent">Open the Knowledge agent</Link>
        </Button>
      </StatePanel>
    );
  } else if (overview.isError) {
    main = (
      <div className="rounded-2xl border p-6">
        <LoadError message="Could not load the knowledge graph." onRetry={() => void overview.refetch()} />
      </div>
    );
  } else if (!overview.data) {
    main = <Skeleton className="h-[60dvh] w-full rounded-2xl" />;
  } else {
    main = (
      <div className="grid min-h-0 gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-3">
          <div className="h-[55dvh] min-h-80 overflow-hidden rounded-2xl border bg-card lg:h-[calc(100dvh-15rem)]">
            <Suspense
              fallback={
                <div className="flex h-full items-center justify-center gap-2 text-sm text-muted-foreground">
                  <Loader2 className="size-4 animate-spin" aria-hidden />
                  Loading the graph…
                </div>
              }
            >
              <GraphCanvas
                nodes={loaded.nodes}
                edges={loaded.edges}
                hiddenTypes={hidden}
                selection={selection}
                focus={focus}
                onNodeClick={selectNode}
                onEdgeClick={(id) => setSelection({ kind: 'edge', id })}
                onStageClick={() => setSelection(null)}
              />
            </Suspense>
          </div>
          <p className="text-xs text-muted-foreground" aria-live="polite" data-graph-count>
            {formatNumber(loaded.nodes.size)} entities and {formatNumber(loaded.edges.size)} relationships
            shown
            {loaded.truncated && '; the busiest neighbourhoods are cut to their strongest connections'}.
            {expanding && ' Loading connections…'}
          </p>
        </div>
        <div className="lg:max-h-[calc(100dvh-15rem)] lg:overflow-y-auto">
          <GraphPanel
            selection={selection}
            nodes={loaded.nodes}
            edges={loaded.edges}
            expanded={expanded}
            expanding={expanding}
            onExpand={(id) => void expand(id)}
            onSelect={(next) => (next?.kind === 'node' ? selectNode(next.id) : setSelection(next))}
          />
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:px-8">
      <header className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight sm:text-3xl">
            <Network className="size-7 text-primary" aria-hidden />
            Knowledge graph
          </h1>
          <p className="text-sm text-muted-foreground">
            The companies, people, products and topics of your documents, and how they are connected.
          </p>
        </div>
        {!noDocuments && !empty && (
          <div className="flex items-end gap-2 lg:w-[28rem]">
            <EntityPicker label="Search an entity" onPick={pickEntity} className="flex-1" />
            <Button
              variant="outline"
              size="icon"
              onClick={reset}
              aria-label="Back to the overview"
              title="Back to the overview"
            >
              <RotateCcw aria-hidden />
            </Button>
          </div>
        )}
      </header>
      {!noDocuments && !empty && <GraphLegend counts={counts} hidden={hidden} onToggle={toggleType} />}
      {main}
    </div>
  );
}
