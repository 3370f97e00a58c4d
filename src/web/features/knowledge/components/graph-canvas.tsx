/**
 * The knowledge graph drawn by sigma.js in WebGL over a graphology graph, laid out by ForceAtlas2 in a web
 * worker for a bounded time after each change, so 10,000+ nodes stay smooth and the page never freezes.
 * Loaded as a chunk of its own with sigma and graphology: the explorer's page shows before they arrive.
 */
import Graph from 'graphology';
import { inferSettings } from 'graphology-layout-forceatlas2';
import FA2Layout from 'graphology-layout-forceatlas2/worker';
import { useEffect, useRef, useState } from 'react';
import Sigma from 'sigma';
import type { EntityType, GraphEdge, GraphNode } from '../../../../shared/knowledge.ts';
import { ENTITY_COLORS } from '../graph-colors.ts';

export type GraphSelection = { kind: 'node' | 'edge'; id: string } | null;

export type GraphCanvasProps = {
  nodes: ReadonlyMap<string, GraphNode>;
  edges: ReadonlyMap<string, GraphEdge>;
  hiddenTypes: ReadonlySet<EntityType>;
  selection: GraphSelection;
  /** The node to bring into view, with a counter so the same node can be brought back. */
  focus: { id: string; at: number } | null;
  onNodeClick: (id: string) => void;
  onEdgeClick: (id: string) => void;
  onStageClick: () => void;
};

type NodeAttributes = {
  label: string;
  x: number;
  y: number;
  size: number;
  color: string;
  entityType: EntityType;
};
type EdgeAttributes = { label: string; size: number };

/** The canvas's own colours for the light and the dark theme (WebGL reads no CSS). */
const PALETTES = {
  light: {
    label: '#0f172a',
    backdrop: '#ffffff',
    edge: '#cbd5e1',
    edgeLit: '#475569',
    edgeDim: '#eef2f6',
    nodeDim: '#e2e8f0',
  },
  dark: {
    label: '#e2e8f0',
    backdrop: '#1e293b',
    edge: '#475569',
    edgeLit: '#cbd5e1',
    edgeDim: '#1e293b',
    nodeDim: '#334155',
  },
} as const;
type Palette = (typeof PALETTES)[keyof typeof PALETTES];

const isDark = () => document.documentElement.classList.contains('dark');
/** How long the layout runs after a change: longer for bigger graphs, never more than a few seconds. */
const layoutMs = (order: number) => Math.min(1200 + order * 0.4, 5000);

const nodeSize = (node: GraphNode) => Math.min(4 + 2 * Math.log2(1 + node.mentionCount), 16);
const edgeSize = (edge: GraphEdge) => Math.min(0.6 + Math.log2(1 + edge.weight) * 0.6, 4);

/** A stable pseudo-random number in [0, 1) from an id, so the same graph starts in the same shape. */
function unitHash(id: string, salt: number): number {
  let h = 2166136261 ^ salt;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return ((h >>> 0) % 100000) / 100000;
}

/** Where a new node starts: beside a neighbour already drawn (an expansion fans out), else on a disc. */
function startPosition(graph: Graph<NodeAttributes>, id: string, neighbour: string | undefined) {
  const angle = unitHash(id, 1) * Math.PI * 2;
  if (neighbour && graph.hasNode(neighbour)) {
    const { x, y } = graph.getNodeAttributes(neighbour);
    const r = 1 + unitHash(id, 2) * 2;
    return { x: x + Math.cos(angle) * r, y: y + Math.sin(angle) * r };
  }
  const r = Math.sqrt(unitHash(id, 3)) * Math.sqrt(graph.order + 1) * 10;
  return { x: Math.cos(angle) * r, y: Math.sin(angle) * r };
}

export function GraphCanvas({
  nodes,
  edges,
  hiddenTypes,
  selection,
  focus,
  onNodeClick,
  onEdgeClick,
  onStageClick,
}: GraphCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const graphRef = useRef(new Graph<NodeAttributes, EdgeAttributes>({ multi: true, type: 'directed' }));
  const sigmaRef = useRef<Sigma<NodeAttributes, EdgeAttributes> | null>(null);
  const layoutRef = useRef<FA2Layout | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [layingOut, setLayingOut] = useState(false);

  // What the reducers read: kept in a ref so a change only needs sigma.refresh(), not a new renderer.
  const view = useRef({
    hiddenTypes,
    selection,
    neighbours: new Set<string>(),
    palette: (isDark() ? PALETTES.dark : PALETTES.light) as Palette,
  });
  const handlers = useRef({ onNodeClick, onEdgeClick, onStageClick });
  handlers.current = { onNodeClick, onEdgeClick, onStageClick };

  // The renderer, once.
  useEffect(() => {
    const graph = graphRef.current;
    if (!container.current) return;
    let renderer: Sigma<NodeAttributes, EdgeAttributes>;
    try {
      renderer = new Sigma(graph, container.current, {
        settings: {
          // A container not laid out yet (a hidden tab, a phone turning) is drawn once it has a size.
          allowInvalidContainer: true,
          // Sizes in pixels, as the legend and the eye read them, whatever the spread of the positions.
          itemSizesReference: 'screen',
          enableEdgeEvents: true,
        },
        nodeReducer: (key, _data, attrs) => {
          const { hiddenTypes: hidden, selection: picked, neighbours, palette } = view.current;
          if (hidden.has(attrs.entityType)) return { visibility: 'hidden' };
          // The label and the box behind a hovered one, in the theme's colours.
          const text = { labelColor: palette.label, backdropColor: palette.backdrop };
          if (!picked) return text;
          if (picked.kind === 'node' && picked.id === key) {
            return { ...text, size: attrs.size * 1.5, labelVisibility: 'visible', zIndex: 2 };
          }
          if (neighbours.has(key)) return { ...text, labelVisibility: 'visible', zIndex: 1 };
          return { color: palette.nodeDim, label: null, zIndex: 0 };
        },
        edgeReducer: (key, data, _attrs, _state, _graphState, g) => {
          const { hiddenTypes: hidden, selection: picked, palette } = view.current;
          const [source, target] = g.extremities(key);
          if (
            hidden.has(g.getNodeAttribute(source, 'entityType')) ||
            hidden.has(g.getNodeAttribute(target, 'entityType'))
          ) {
            return { visibility: 'hidden' };
          }
          if (!picked) return { color: palette.edge };
          const touches =
            picked.kind === 'edge' ? picked.id === key : source === picked.id || target === picked.id;
          return touches
            ? { color: palette.edgeLit, size: Math.max(data.size, 1.5), zIndex: 1 }
            : { color: palette.edgeDim, zIndex: 0 };
        },
      });
    } catch (err) {
      console.error('The graph could not be drawn:', err);
      setFailed(err instanceof Error ? err.message : String(err));
      return;
    }
    renderer.on('clickNode', ({ node }) => handlers.current.onNodeClick(node));
    renderer.on('clickEdge', ({ edge }) => handlers.current.onEdgeClick(edge));
    renderer.on('clickStage', () => handlers.current.onStageClick());
    renderer.on('enterNode', () => {
      if (container.current) container.current.style.cursor = 'pointer';
    });
    renderer.on('leaveNode', () => {
      if (container.current) container.current.style.cursor = '';
    });
    sigmaRef.current = renderer;
    return () => {
      layoutRef.current?.kill();
      layoutRef.current = null;
      renderer.kill();
      sigmaRef.current = null;
    };
  }, []);

  // The theme: the canvas follows the page's light or dark class.
  useEffect(() => {
    const observer = new MutationObserver(() => {
      const palette = isDark() ? PALETTES.dark : PALETTES.light;
      if (palette === view.current.palette) return;
      view.current = { ...view.current, palette };
      sigmaRef.current?.refresh({ skipIndexation: true });
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);

  // The data: new nodes and edges are added (and removed ones dropped), then laid out for a while.
  useEffect(() => {
    const graph = graphRef.current;
    let changed = false;
    graph.forEachNode((id) => {
      if (!nodes.has(id)) {
        graph.dropNode(id);
        changed = true;
      }
    });
    const firstNeighbour = new Map<string, string>();
    for (const edge of edges.values()) {
      if (graph.hasNode(edge.source) && !graph.hasNode(edge.target))
        firstNeighbour.set(edge.target, edge.source);
      if (graph.hasNode(edge.target) && !graph.hasNode(edge.source))
        firstNeighbour.set(edge.source, edge.target);
    }
    // A phone's canvas holds the same graph in a third of the width: smaller discs keep it readable.
    const sizeScale = (container.current?.clientWidth ?? 1000) < 640 ? 0.6 : 1;
    for (const node of nodes.values()) {
      if (graph.hasNode(node.id)) continue;
      graph.addNode(node.id, {
        label: node.name,
        size: nodeSize(node) * sizeScale,
        color: ENTITY_COLORS[node.type],
        entityType: node.type,
        ...startPosition(graph, node.id, firstNeighbour.get(node.id)),
      });
      changed = true;
    }
    for (const [key, edge] of edges) {
      if (graph.hasEdge(key) || !graph.hasNode(edge.source) || !graph.hasNode(edge.target)) continue;
      graph.addDirectedEdgeWithKey(key, edge.source, edge.target, {
        label: edge.relation,
        size: edgeSize(edge),
      });
      changed = true;
    }
    if (!changed || !sigmaRef.current || graph.order < 2) return;
    // Settings suited to the graph's size (Barnes-Hut above 2,000 nodes): a small graph names every node, a
    // big one the larger nodes only, and hides its edges while it moves.
    const big = graph.order > 500;
    sigmaRef.current.setSettings({
      hideEdgesOnMove: graph.order > 5000,
      labelRenderedSizeThreshold: big ? 7 : 0,
      labelDensity: big ? 0.5 : 1,
    });
    layoutRef.current?.kill();
    const layout = new FA2Layout(graph, { settings: inferSettings(graph), getEdgeWeight: 'size' });
    layoutRef.current = layout;
    layout.start();
    setLayingOut(true);
    const timer = window.setTimeout(() => {
      layout.stop();
      setLayingOut(false);
    }, layoutMs(graph.order));
    return () => {
      window.clearTimeout(timer);
      layout.stop();
      setLayingOut(false);
    };
  }, [nodes, edges]);

  // What is shown: hidden types, the selection and its neighbours (again when the data changed, so the
  // neighbours an expansion brings in are lit, not dimmed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: nodes and edges change what the graph holds
  useEffect(() => {
    const graph = graphRef.current;
    const neighbours = new Set<string>();
    if (selection?.kind === 'node' && graph.hasNode(selection.id)) {
      for (const n of graph.neighbors(selection.id)) neighbours.add(n);
    } else if (selection?.kind === 'edge' && graph.hasEdge(selection.id)) {
      for (const n of graph.extremities(selection.id)) neighbours.add(n);
    }
    view.current = { ...view.current, hiddenTypes, selection, neighbours };
    sigmaRef.current?.refresh({ skipIndexation: true });
  }, [hiddenTypes, selection, nodes, edges]);

  // Bring a node into view (after the layout moved things, its place is read at the time).
  useEffect(() => {
    const renderer = sigmaRef.current;
    if (!focus || !renderer) return;
    const timer = window.setTimeout(() => {
      const data = renderer.getNodeDisplayData(focus.id);
      if (data) void renderer.getCamera().animate({ x: data.x, y: data.y, ratio: 0.5 }, { duration: 500 });
    }, 350);
    return () => window.clearTimeout(timer);
  }, [focus]);

  if (failed) {
    return (
      <div
        className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center"
        role="alert"
        data-graph-unavailable
      >
        <p className="font-medium">This browser cannot draw the graph.</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          The explorer needs WebGL 2, which is turned off or missing here. You can still search entities and
          follow their connections and passages in the panel.
        </p>
      </div>
    );
  }
  return (
    <div className="relative h-full w-full">
      <div
        ref={container}
        className="h-full w-full"
        role="img"
        aria-label={`Knowledge graph of ${nodes.size} entities and ${edges.size} relationships. Use the entity search and the panel to explore it with a keyboard.`}
        data-graph-canvas
        data-graph-nodes={nodes.size}
      />
      {layingOut && (
        <span className="pointer-events-none absolute top-2 right-2 rounded-full bg-background/90 px-2 py-0.5 text-xs text-muted-foreground shadow-xs">
          Arranging…
        </span>
      )}
    </div>
  );
}
