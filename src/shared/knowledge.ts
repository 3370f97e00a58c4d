/**
 * The knowledge base (spec 3 §2-§9, issue 8): what may be uploaded, how processing reports itself, and the
 * shapes of the documents, the cited chat, the statistics, the graph and file search, defined once for the API
 * and the web app.
 */
import { z } from 'zod';

/** Spec 3 §9 (the chat history sent is `CHAT_HISTORY_SENT` of ./copilot.ts, shared by both chats). */
export const RECENT_DOCUMENTS = 20;
export const RECENT_ACTIVITY_DAYS = 7;

/** The default upload limit per file (`UPLOAD_MAX_MB` changes it). */
export const DEFAULT_UPLOAD_MAX_MB = 25;
/** Files in one upload request; more are refused with a clear message rather than half taken. */
export const UPLOAD_MAX_FILES = 1000;
export const KNOWLEDGE_QUERY_MAX_LENGTH = 2000;

/** The formats we read, by extension, with the MIME type we store. */
export const DOCUMENT_FORMATS = {
  pdf: { mimeType: 'application/pdf', label: 'PDF' },
  docx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word',
  },
  txt: { mimeType: 'text/plain', label: 'Text' },
  md: { mimeType: 'text/markdown', label: 'Markdown' },
  markdown: { mimeType: 'text/markdown', label: 'Markdown' },
  html: { mimeType: 'text/html', label: 'HTML' },
  htm: { mimeType: 'text/html', label: 'HTML' },
  csv: { mimeType: 'text/csv', label: 'CSV' },
  json: { mimeType: 'application/json', label: 'JSON' },
} as const;
export type DocumentExtension = keyof typeof DOCUMENT_FORMATS;
export const DOCUMENT_EXTENSIONS = Object.keys(DOCUMENT_FORMATS) as DocumentExtension[];

/** The extension of a file name we can read, or null. */
export function documentExtension(filename: string): DocumentExtension | null {
  const extension = filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return extension && Object.hasOwn(DOCUMENT_FORMATS, extension) ? (extension as DocumentExtension) : null;
}

export const DOCUMENT_STATUSES = ['queued', 'processing', 'indexed', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Processing stages in order, as the upload area shows them per file. */
export const PROCESSING_STAGES = [
  'queued',
  'extracting',
  'chunking',
  'extracting_entities',
  'linking',
  'indexed',
] as const;
export type ProcessingStage = (typeof PROCESSING_STAGES)[number] | 'failed';
export const PROCESSING_STAGE_LABELS: Readonly<Record<ProcessingStage, string>> = {
  queued: 'Waiting',
  extracting: 'Extracting text',
  chunking: 'Chunking',
  extracting_entities: 'Extracting entities',
  linking: 'Linking',
  indexed: 'Indexed',
  failed: 'Failed',
};

export const ENTITY_TYPES = [
  'organization',
  'person',
  'product',
  'technology',
  'place',
  'money',
  'date',
  'term',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export const ENTITY_TYPE_LABELS: Readonly<Record<EntityType, string>> = {
  organization: 'Organisation',
  person: 'Person',
  product: 'Product',
  technology: 'Technology',
  place: 'Place',
  money: 'Money',
  date: 'Date',
  term: 'Key term',
};

export const documentSchema = z.object({
  id: z.string(),
  title: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  checksum: z.string(),
  sourceType: z.enum(['upload', 'demo']),
  status: z.enum(DOCUMENT_STATUSES),
  stage: z.string(),
  progress: z.number().int(),
  error: z.string().nullable(),
  pageCount: z.number().int().nullable(),
  chunkCount: z.number().int(),
  jobId: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type KnowledgeDocument = z.infer<typeof documentSchema>;

/** One file of an upload: taken (with its document and job) or refused with the reason. */
export const uploadResultSchema = z.object({
  filename: z.string(),
  ok: z.boolean(),
  document: documentSchema.optional(),
  error: z.string().optional(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** `POST /api/v1/knowledge/documents`: one result per file sent, in the order sent. */
export const uploadResponseSchema = z.object({ results: z.array(uploadResultSchema) });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** `GET /api/v1/knowledge/documents`: the most recent first (`RECENT_DOCUMENTS` unless `limit` says). */
export const documentListSchema = z.object({ documents: z.array(documentSchema) });
export type DocumentList = z.infer<typeof documentListSchema>;
export const DOCUMENT_LIST_MAX = 100;

/** Spec 3 "Knowledge stats". */
export const knowledgeStatsSchema = z.object({
  totalDocuments: z.number().int(),
  totalEntities: z.number().int(),
  totalRelationships: z.number().int(),
  /** Documents created in the last 7 days. */
  recentActivity: z.number().int(),
});
export type KnowledgeStats = z.infer<typeof knowledgeStatsSchema>;

/**
 * A closed question's verdict (issue 24): what an answer leads with. `not_stated`: the documents hold nothing
 * that decides it, and the answer says so.
 */
export const VERDICTS = ['yes', 'no', 'partially', 'not_stated'] as const;
export type Verdict = (typeof VERDICTS)[number];
export const VERDICT_LABELS: Record<Verdict, string> = {
  yes: 'Yes',
  no: 'No',
  partially: 'Partially',
  not_stated: 'Not stated in your documents',
};

/** A verdict an answer starts with ("Yes. ...", "**No**, ...", "Partly -", "Not stated in your documents: ..."). */
const LEADING_VERDICT =
  /^\s*\**(yes|no|partially|partly|not stated(?: in (?:your|the) documents)?)\b\**\s*(?:[.,;:!]|\s?[-\u2013\u2014])\s*/i;

/** The verdict an answer leads with, and the rest of it; null when it leads with none. */
export function leadingVerdict(text: string): { verdict: Verdict; rest: string } | null {
  const match = text.match(LEADING_VERDICT);
  const word = match?.[1]?.toLowerCase();
  if (!match || !word) return null;
  const verdict: Verdict =
    word === 'yes' ? 'yes' : word === 'no' ? 'no' : word.startsWith('not') ? 'not_stated' : 'partially';
  return { verdict, rest: text.slice(match[0].length) };
}

/** Where an answer came from (DESIGN.md: documentId, title, filename, section, page, snippet, entity). */
export const sourceSchema = z.object({
  /** The citation marker's number in the answer ("[1]"). */
  ref: z.number().int(),
  documentId: z.string(),
  chunkId: z.string(),
  title: z.string(),
  filename: z.string(),
  section: z.string().nullable(),
  page: z.number().int().nullable(),
  snippet: z.string(),
  /** The entity that led to the passage, when the graph did. */
  entity: z.string().nullable(),
  score: z.number(),
});
export type KnowledgeSource = z.infer<typeof sourceSchema>;

export const chatTurnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(KNOWLEDGE_QUERY_MAX_LENGTH * 5),
});

export const knowledgeChatRequestSchema = z
  .object({
    query: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'must not be empty')
      .max(KNOWLEDGE_QUERY_MAX_LENGTH, `must be at most ${KNOWLEDGE_QUERY_MAX_LENGTH} characters`),
    chatHistory: z.array(chatTurnSchema).max(50).default([]),
  })
  .strict();
export type KnowledgeChatRequest = z.infer<typeof knowledgeChatRequestSchema>;

export const knowledgeChatResponseSchema = z.object({
  response: z.string(),
  sources: z.array(sourceSchema),
  /** False when nothing relevant enough was found: the answer says so instead of citing something unrelated. */
  answered: z.boolean(),
  /** A closed question's verdict, which the response leads with; null for an open question or no answer. */
  verdict: z.enum(VERDICTS).nullable(),
  /** True when retrieval or the AI engine failed and the answer is spec 3 §8's fallback text (never charged). */
  fallback: z.boolean().optional(),
  /** True when the AI model failed and the built-in engine answered instead (charged as its answers are). */
  modelUnavailable: z.boolean().optional(),
  creditsCharged: z.number().int(),
});
export type KnowledgeChatResponse = z.infer<typeof knowledgeChatResponseSchema>;

/** Spec 3 §8: the knowledge chat's fallbacks, each followed by the support line. */
export const KNOWLEDGE_CHAT_FALLBACKS = {
  default: "I'm sorry, I'm having trouble connecting to the knowledge base right now.",
  auth: "Please make sure you're logged in and try again.",
  network: 'Please check your internet connection and try again.',
  ai: 'The AI service is temporarily unavailable. Please try again later.',
  permission: 'There was a permission issue. Please refresh the page and try again.',
  support: 'If the problem persists, please contact support.',
} as const;

export const graphNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ENTITY_TYPES),
  mentionCount: z.number().int(),
  documentCount: z.number().int(),
});
export type GraphNode = z.infer<typeof graphNodeSchema>;

/** An edge is one relationship: the user has one per source, relation and target. */
export const graphEdgeSchema = z.object({
  source: z.string(),
  target: z.string(),
  relation: z.string(),
  weight: z.number().int(),
});
export type GraphEdge = z.infer<typeof graphEdgeSchema>;
export type GraphEdgeKey = Pick<GraphEdge, 'source' | 'target' | 'relation'>;

/** An edge's key where the web keeps edges by key (its entity ids and relation say which one it is). */
export const edgeKey = (edge: GraphEdgeKey) => `${edge.source} ${edge.relation} ${edge.target}`;

/** A graph as the web and the tests use it: nodes and edges as records. */
export type KnowledgeGraph = {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** True when the neighbourhood had more than the limit and the strongest were kept. */
  truncated: boolean;
};

/**
 * A graph as the API sends it: one array per field, and edges that point at their nodes by index. The records
 * repeated every key and every edge's two entity ids: 4.7 MB for a 10,000-node neighbourhood, whose building,
 * compressing and parsing took most of its time; the columns are under half of that. graphFromColumns turns
 * them back into records.
 */
export const graphColumnsSchema = z.object({
  nodes: z.object({
    id: z.array(z.string()),
    name: z.array(z.string()),
    type: z.array(z.enum(ENTITY_TYPES)),
    mentionCount: z.array(z.number().int()),
    documentCount: z.array(z.number().int()),
  }),
  edges: z.object({
    /** The index of the edge's source in the node columns. */
    source: z.array(z.number().int()),
    /** The index of the edge's target in the node columns. */
    target: z.array(z.number().int()),
    relation: z.array(z.string()),
    weight: z.array(z.number().int()),
  }),
  /** True when the neighbourhood had more than the limit and the strongest were kept. */
  truncated: z.boolean(),
});
export type GraphColumns = z.infer<typeof graphColumnsSchema>;

export function graphFromColumns({ nodes, edges, truncated }: GraphColumns): KnowledgeGraph {
  const nodeId = (index: number) => nodes.id[index] ?? '';
  return {
    nodes: nodes.id.map((id, i) => ({
      id,
      name: nodes.name[i] ?? '',
      type: nodes.type[i] ?? 'term',
      mentionCount: nodes.mentionCount[i] ?? 0,
      documentCount: nodes.documentCount[i] ?? 0,
    })),
    edges: edges.source.map((source, i) => ({
      source: nodeId(source),
      target: nodeId(edges.target[i] ?? -1),
      relation: edges.relation[i] ?? '',
      weight: edges.weight[i] ?? 0,
    })),
    truncated,
  };
}

/** A passage found by enterprise file search, with the matched words marked for highlighting. */
export const passageSchema = z.object({
  chunkId: z.string(),
  documentId: z.string(),
  title: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  section: z.string().nullable(),
  page: z.number().int().nullable(),
  /** The passage with matches between `«` and `»` (ts_headline's StartSel/StopSel). */
  highlighted: z.string(),
  score: z.number(),
  createdAt: z.string(),
});
export type Passage = z.infer<typeof passageSchema>;

/** The marks around a match in `Passage.highlighted` (the server's ts_headline StartSel and StopSel). */
export const HIGHLIGHT_START = '«';
export const HIGHLIGHT_END = '»';

export type TextPart = { text: string; match: boolean };

/**
 * A highlighted passage cut into plain and matched parts, so the web renders matches as <mark> and never as
 * HTML. An unclosed mark highlights to the end; a stray closing mark is dropped.
 */
export function highlightParts(highlighted: string): TextPart[] {
  const parts: TextPart[] = [];
  let match = false;
  let current = '';
  const push = () => {
    if (current) parts.push({ text: current, match });
    current = '';
  };
  for (const char of highlighted) {
    if (char === HIGHLIGHT_START || char === HIGHLIGHT_END) {
      push();
      match = char === HIGHLIGHT_START;
    } else {
      current += char;
    }
  }
  push();
  return parts;
}

export type AnswerPart = { text: string } | { ref: number };

/** An answer cut around its citation markers ("[1]", "[2, 3]"), keeping only refs that have a source. */
export function citationParts(answer: string, refs: ReadonlySet<number>): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const found of answer.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\]/g)) {
    const numbers = (found[1] ?? '').split(',').map((n) => Number(n.trim()));
    if (!numbers.every((n) => refs.has(n))) continue;
    if (found.index > last) parts.push({ text: answer.slice(last, found.index) });
    for (const ref of numbers) parts.push({ ref });
    last = found.index + found[0].length;
  }
  if (last < answer.length) parts.push({ text: answer.slice(last) });
  return parts;
}

/**
 * The knowledge chat's answers when it has nothing to cite (answered: false, nothing charged): an honest "I
 * don't know" instead of an unrelated source.
 */
export const KNOWLEDGE_CHAT_NO_ANSWER = {
  noDocuments:
    "Your knowledge base has no indexed documents yet, so I can't answer from it. Upload documents and ask again.",
  notFound:
    "I'm sorry, I don't know: nothing in your documents answers that closely enough. Try other words, or upload a document that covers it.",
} as const;

/** Enterprise file search (`GET /api/v1/knowledge/search`): a page of passages. */
export const KNOWLEDGE_SEARCH_PAGE_SIZE = 20;
export const knowledgeSearchResponseSchema = z.object({
  passages: z.array(passageSchema),
  nextCursor: z.string().nullable(),
  /**
   * True when the passages hold every word searched for; false when none did and passages holding some of them
   * are shown instead.
   */
  matchedAllWords: z.boolean(),
});
export type KnowledgeSearchResponse = z.infer<typeof knowledgeSearchResponseSchema>;

/** The most nodes a graph answer holds (the strongest are kept, `truncated` says so). */
export const GRAPH_MAX_NODES = 10_000;
export const GRAPH_DEFAULT_NODES = 500;

export const graphEntitiesResponseSchema = z.object({ entities: z.array(graphNodeSchema) });
export type GraphEntities = z.infer<typeof graphEntitiesResponseSchema>;

/** A passage behind a node or an edge of the graph, with the sentence that links an edge's two entities. */
export const evidencePassageSchema = z.object({
  chunkId: z.string(),
  documentId: z.string(),
  title: z.string(),
  filename: z.string(),
  section: z.string().nullable(),
  page: z.number().int().nullable(),
  snippet: z.string(),
  /** For an edge: the sentence it was read from; null for a node. */
  phrase: z.string().nullable(),
});
export type EvidencePassage = z.infer<typeof evidencePassageSchema>;

/** `GET /api/v1/knowledge/graph/evidence`: a node (entity) or an edge (relationship) and its passages. */
export const graphEvidenceSchema = z.object({
  entity: graphNodeSchema.nullable(),
  relationship: graphEdgeSchema.extend({ sourceName: z.string(), targetName: z.string() }).nullable(),
  passages: z.array(evidencePassageSchema),
  /** True when there were more passages than the limit. */
  truncated: z.boolean(),
});
export type GraphEvidence = z.infer<typeof graphEvidenceSchema>;

/**
 * The demo library (issue 8 point 6): `pending` until the knowledge base is first opened, then `loaded`, or
 * `removed` once the user took it out. `documents` counts the caller's demo documents.
 */
export const DEMO_LIBRARY_STATES = ['pending', 'loaded', 'removed'] as const;
export const demoLibrarySchema = z.object({
  state: z.enum(DEMO_LIBRARY_STATES),
  documents: z.number().int(),
});
export type DemoLibrary = z.infer<typeof demoLibrarySchema>;

/** `GET /api/v1/knowledge/demo/rfqs`: the sample requests for quotation to try, with their Markdown. */
export const demoRfqSchema = z.object({
  name: z.string(),
  title: z.string(),
  files: z.array(z.object({ path: z.string(), title: z.string(), markdown: z.string() })),
});
export type DemoRfq = z.infer<typeof demoRfqSchema>;
export const demoRfqListSchema = z.object({ rfqs: z.array(demoRfqSchema) });
