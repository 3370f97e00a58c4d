import type { EntityType } from '../../../shared/knowledge.ts';

/** One colour per entity type, in the graph and its legend: distinct hues that read on light and dark. */
export const ENTITY_COLORS: Readonly<Record<EntityType, string>> = {
  organization: '#2563eb',
  person: '#db2777',
  product: '#16a34a',
  technology: '#7c3aed',
  place: '#ea580c',
  money: '#ca8a04',
  date: '#0891b2',
  term: '#64748b',
};
