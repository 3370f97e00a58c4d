import type { ProjectItem, ProjectStatus } from '../../../shared/projects.ts';
import type { BadgeProps } from '../../components/ui/badge.tsx';
import { companyPath } from '../../lib/company-path.ts';
import { prospectPath } from '../../lib/prospects.ts';

/** Where an item opens in its agent; none for a record deleted since it was added. */
export function itemHref(item: ProjectItem): string | null {
  if (item.removed) return null;
  switch (item.kind) {
    case 'company':
      return companyPath({ id: item.refId, name: item.name });
    case 'person': {
      // People Finder has no page per person: its research table, narrowed to them at their company.
      const params = new URLSearchParams({ q: item.name });
      if (item.companyId) params.set('companyId', item.companyId);
      return `/people-finder-master/research?${params}`;
    }
    case 'prospect':
      return prospectPath(item.refId);
    case 'document':
      return `/enterprise-file-search?document=${item.refId}`;
    case 'rfp':
      return `/rfp-editor/${item.refId}`;
    case 'generated_document':
      return `/sales-document-generation?document=${item.refId}`;
  }
}

export const STATUS_BADGE: Readonly<Record<ProjectStatus, BadgeProps['variant']>> = {
  planning: 'outline',
  active: 'default',
  on_hold: 'secondary',
  won: 'success',
  lost: 'destructive',
  archived: 'secondary',
};
