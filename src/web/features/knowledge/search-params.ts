/**
 * Enterprise file search's state in the address (`/enterprise-file-search?q=mfa&type=pdf`): back and forward
 * step through searches, a copied link opens the same results, and the workflow reads `q` as the search
 * context (spec 3 §4: file search with a search context suggests instant answers).
 */
import { DOCUMENT_EXTENSIONS } from '../../../shared/knowledge.ts';
import { isUuid } from '../../../shared/uuid.ts';

export type FileSearchState = {
  q: string;
  type?: string;
  from?: string;
  to?: string;
  /** The entity filter: its id, and its name to show. */
  entity?: string;
  entityName?: string;
  /** Opened at a passage: the document narrowed to, and the passage picked out. */
  document?: string;
  passage?: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : undefined);
const id = (value: string | null) => (value && isUuid(value) ? value : undefined);

export function parseFileSearch(params: URLSearchParams): FileSearchState {
  const type = params.get('type') ?? '';
  return {
    q: params.get('q')?.slice(0, 500) ?? '',
    type: (DOCUMENT_EXTENSIONS as readonly string[]).includes(type) ? type : undefined,
    from: day(params.get('from')),
    to: day(params.get('to')),
    entity: id(params.get('entity')),
    entityName: params.get('entityName')?.slice(0, 200) || undefined,
    document: id(params.get('document')),
    passage: id(params.get('passage')),
  };
}

const KEYS = ['q', 'type', 'from', 'to', 'entity', 'entityName', 'document', 'passage'] as const;

export function writeFileSearch(state: FileSearchState, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of KEYS) {
    const value = key === 'q' ? state.q.trim() : state[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  // The name alone filters nothing.
  if (!state.entity) next.delete('entityName');
  return next;
}

export const hasFilters = (state: FileSearchState) =>
  Boolean(state.type || state.from || state.to || state.entity);
