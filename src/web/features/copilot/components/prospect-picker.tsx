import { Loader2, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PROSPECT_STATUS_LABELS } from '../../../../shared/prospects.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useProspectList } from '../../prospects/api.ts';

/** Prospects offered at once: the most recently updated (a search finds the others). */
const SHOWN = 6;

/**
 * "Which prospect?": a command that changes a prospect ("set the realistic forecast to $2.5m"), sent where none
 * is open, is sent again for the prospect the user picks here.
 */
export function ProspectPicker({ onPick }: { onPick: (prospectId: string, name: string) => void }) {
  const id = useId();
  const [q, setQ] = useState('');
  const list = useProspectList({ q: q.trim() || undefined, sort: 'updated' });
  const prospects = list.data?.pages[0]?.prospects.slice(0, SHOWN) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const searching = q.trim() !== '';

  return (
    <div className="flex flex-col gap-2 rounded-xl border bg-card p-3 text-sm" data-prospect-picker>
      <p id={`${id}-label`} className="font-medium">
        Which prospect?
      </p>
      {(total > SHOWN || searching) && (
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            value={q}
            onChange={(event) => setQ(event.target.value)}
            placeholder="Search your prospects"
            aria-label="Search your prospects"
            className="h-8 pl-8"
          />
        </div>
      )}
      {list.isPending ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Loading your prospects…
        </p>
      ) : list.isError ? (
        <p className="text-destructive">Your prospects could not be loaded. Try again in a moment.</p>
      ) : prospects.length === 0 ? (
        <p className="text-muted-foreground">
          {searching ? (
            'No prospect by that name.'
          ) : (
            <>
              You have no prospects yet. Say "create a prospect for Acme Corp", or add one from{' '}
              <Link
                to="/account-management"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Account Management
              </Link>
              .
            </>
          )}
        </p>
      ) : (
        <ul aria-labelledby={`${id}-label`} className="flex flex-wrap gap-2">
          {prospects.map((prospect) => (
            <li key={prospect.id}>
              <Button
                variant="outline"
                size="sm"
                onClick={() => onPick(prospect.id, prospect.name)}
                data-pick-prospect={prospect.name}
              >
                {prospect.name}
                <span className="text-xs text-muted-foreground">
                  {PROSPECT_STATUS_LABELS[prospect.status]}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
