import { Link } from 'react-router';
import { MY_PEOPLE_HREF } from '../../../../shared/app-nav.ts';
import { cn } from '../../../lib/cn.ts';
import { PEOPLE_RESEARCH_PATH } from '../search-params.ts';

export const KEY_PEOPLE_PATH = '/key-people';

const LISTS = [
  { id: 'all', label: 'All people', href: PEOPLE_RESEARCH_PATH },
  { id: 'my-people', label: 'My People', href: MY_PEOPLE_HREF },
  { id: 'key-people', label: 'Key people', href: KEY_PEOPLE_PATH },
] as const;

/** Switches between People Finder's lists: everyone, My People, key people at My Companies. */
export function PeopleListsNav({ current }: { current: (typeof LISTS)[number]['id'] }) {
  return (
    <nav
      aria-label="People lists"
      className="flex max-w-full overflow-x-auto rounded-lg border p-0.5 text-sm"
    >
      {LISTS.map((list) => (
        <Link
          key={list.id}
          to={list.href}
          aria-current={list.id === current ? 'page' : undefined}
          className={cn(
            'shrink-0 rounded-md px-3 py-1.5 font-medium whitespace-nowrap',
            list.id === current ? 'bg-secondary' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {list.label}
        </Link>
      ))}
    </nav>
  );
}
