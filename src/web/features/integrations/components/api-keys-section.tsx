import { KeyRound, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { ApiKey } from '../../../../shared/api-keys.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useApiKeys, useRevokeApiKey } from '../api-keys.ts';
import { ApiTryIt } from './api-try-it.tsx';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';

const TIME = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** The API keys tab of /integrations: create (shown once), the list with last use and status, revoke. */
export function ApiKeysSection() {
  const [creating, setCreating] = useState(false);
  const keys = useApiKeys();

  let list: ReactNode;
  if (keys.isPending) {
    list = (
      <div role="status" aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">Loading API keys…</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  } else if (keys.isError) {
    list = (
      <div className="rounded-xl border p-6">
        <LoadError message="Could not load your API keys." onRetry={() => keys.refetch()} />
      </div>
    );
  } else if (keys.data.length === 0) {
    list = (
      <StatePanel icon={<KeyRound className="size-6" aria-hidden />} title="No API keys yet">
        <p className="max-w-md text-sm text-muted-foreground">
          Create a key to call the REST API from a script, a CRM or another tool. You choose what it may read
          and change.
        </p>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          Create API key
        </Button>
      </StatePanel>
    );
  } else {
    list = (
      <ul className="flex flex-col divide-y rounded-xl border" aria-label="API keys">
        {keys.data.map((key) => (
          <KeyRow key={key.id} apiKey={key} />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">API keys</h2>
          <p className="max-w-2xl text-sm text-muted-foreground">
            Keys give scripts and other tools access to the REST API as you, limited to the scopes you choose.
            A key is shown once when you create it; we keep only a fingerprint of it. Revoke a key you no
            longer use: it stops working at once.
          </p>
        </div>
        <Button onClick={() => setCreating(true)} className="self-start">
          <Plus aria-hidden />
          Create API key
        </Button>
      </div>
      {list}
      <ApiTryIt />
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const revoked = apiKey.status === 'revoked';

  const onRevoke = () => {
    if (
      !window.confirm(
        `Revoke “${apiKey.name}”? Every request with it fails from now on. This cannot be undone.`,
      )
    ) {
      return;
    }
    revoke.mutate(apiKey.id, {
      onSuccess: () => toast({ title: 'API key revoked', description: apiKey.name }),
      onError: (err) => toastFailure('Could not revoke the API key', err),
    });
  };

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start" data-api-key={apiKey.id}>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="min-w-0 font-medium break-words" data-api-key-name>
            {apiKey.name}
          </span>
          <code className="rounded bg-muted px-1.5 py-0.5 text-xs" title="The key's first characters">
            {apiKey.prefix}…
          </code>
          {revoked ? (
            <Badge variant="destructive" data-api-key-status="revoked">
              Revoked
            </Badge>
          ) : (
            <Badge variant="success" data-api-key-status="active">
              Active
            </Badge>
          )}
        </div>
        <ul className="flex flex-wrap gap-1" aria-label="Scopes">
          {apiKey.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="outline" className="font-mono font-normal">
                {scope}
              </Badge>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">
          Created {formatDate(apiKey.createdAt)} · Last used{' '}
          {apiKey.lastUsedAt ? TIME.format(new Date(apiKey.lastUsedAt)) : 'never'}
          {apiKey.revokedAt && ` · Revoked ${TIME.format(new Date(apiKey.revokedAt))}`}
        </p>
      </div>
      {!revoked && (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={onRevoke}
          disabled={revoke.isPending}
          aria-label={`Revoke ${apiKey.name}`}
        >
          {revoke.isPending ? 'Revoking…' : 'Revoke'}
        </Button>
      )}
    </li>
  );
}
