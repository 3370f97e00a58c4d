import { AlertTriangle, Check, Copy, KeyRound, Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  API_KEY_NAME_MAX,
  API_KEY_READ_SCOPES,
  API_KEY_RESOURCE_LABELS,
  API_KEY_RESOURCES,
  API_KEY_SCOPES,
  type ApiKeyCreated,
  type ApiKeyScope,
  isApiKeyScope,
} from '../../../../shared/api-keys.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { copyText } from '../../../lib/copy-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateApiKey } from '../api-keys.ts';
import { curlExample } from './api-try-it.tsx';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Creating an API key: a name and its scopes (with "read only" and "all" shortcuts), then the key itself,
 * shown this once with a copy button: the server keeps only its hash.
 */
export function CreateApiKeyDialog({ open, onOpenChange }: Props) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ReadonlySet<ApiKeyScope>>(new Set(API_KEY_READ_SCOPES));
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const create = useCreateApiKey();
  const ids = useId();

  const close = () => {
    onOpenChange(false);
    // The key leaves memory with the dialog: it cannot be shown again.
    setCreated(null);
    setName('');
    setScopes(new Set(API_KEY_READ_SCOPES));
    create.reset();
  };

  const toggle = (scope: ApiKeyScope, on: boolean) => {
    const next = new Set(scopes);
    if (on) next.add(scope);
    else next.delete(scope);
    // Writing without reading is rarely what one wants: ticking write ticks read too.
    const read = scope.replace(/:write$/, ':read');
    if (on && scope.endsWith(':write') && isApiKeyScope(read)) next.add(read);
    setScopes(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), scopes: API_KEY_SCOPES.filter((scope) => scopes.has(scope)) },
      { onSuccess: setCreated },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{created ? 'Copy your API key' : 'Create an API key'}</DialogTitle>
          <DialogDescription>
            {created
              ? `“${created.name}” is ready. Send it as Authorization: Bearer <key>.`
              : 'Give the key a name you will recognise and only the scopes the integration needs.'}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <CreatedKey created={created} onDone={close} />
        ) : (
          <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${ids}-name`}>Name</Label>
              <Input
                id={`${ids}-name`}
                value={name}
                onChange={(event) => setName(event.target.value)}
                maxLength={API_KEY_NAME_MAX}
                placeholder="e.g. CRM sync"
                autoComplete="off"
                required
              />
            </div>
            <fieldset className="flex flex-col gap-3">
              <legend className="sr-only">Scopes</legend>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-medium" aria-hidden>
                  Scopes
                </span>
                <div className="flex flex-wrap gap-1">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => setScopes(new Set(API_KEY_READ_SCOPES))}
                  >
                    Read only
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => setScopes(new Set(API_KEY_SCOPES))}
                  >
                    All
                  </Button>
                  <Button type="button" variant="ghost" size="sm" onClick={() => setScopes(new Set())}>
                    None
                  </Button>
                </div>
              </div>
              <ul className="flex flex-col divide-y rounded-lg border">
                {API_KEY_RESOURCES.map((resource) => {
                  const info = API_KEY_RESOURCE_LABELS[resource];
                  return (
                    <li key={resource} className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-start">
                      <div className="flex min-w-0 flex-1 flex-col">
                        <span className="text-sm font-medium">{info.label}</span>
                        <span className="text-xs text-muted-foreground">
                          {info.write ? `Read: ${info.read}. Write: ${info.write}.` : `Read: ${info.read}.`}
                        </span>
                      </div>
                      <div className="flex shrink-0 gap-4">
                        {(['read', 'write'] as const).map((access) => {
                          const scope = `${resource}:${access}`;
                          if (!isApiKeyScope(scope)) return null;
                          const id = `${ids}-${resource}-${access}`;
                          return (
                            <div key={access} className="flex items-center gap-1.5">
                              <input
                                id={id}
                                type="checkbox"
                                className="size-4 accent-primary"
                                checked={scopes.has(scope)}
                                onChange={(event) => toggle(scope, event.target.checked)}
                                aria-label={`${info.label}: ${access}`}
                                data-scope={scope}
                              />
                              <label htmlFor={id} className="text-sm">
                                {access === 'read' ? 'Read' : 'Write'}
                              </label>
                            </div>
                          );
                        })}
                      </div>
                    </li>
                  );
                })}
              </ul>
              <p className="text-xs text-muted-foreground">
                Sign-in, your profile, buying credits, API keys and webhooks are never open to a key.
              </p>
            </fieldset>
            {create.isError && (
              <p role="alert" className="text-sm text-destructive">
                {create.error.message}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={!name.trim() || scopes.size === 0 || create.isPending}>
                {create.isPending ? (
                  <Loader2 className="animate-spin" aria-hidden />
                ) : (
                  <KeyRound aria-hidden />
                )}
                {create.isPending ? 'Creating…' : 'Create key'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreatedKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  const onCopy = async () => {
    if (await copyText(created.key)) {
      setCopied(true);
      toast({ title: 'API key copied' });
    } else {
      toast({ title: 'Could not copy the key', description: 'Select it and copy it by hand.' });
    }
  };
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div
        role="alert"
        className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
        <p>Copy the key now and keep it somewhere safe: it will not be shown again.</p>
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={id}>Your API key</Label>
        <div className="flex min-w-0 gap-2">
          <Input
            id={id}
            readOnly
            value={created.key}
            className="min-w-0 font-mono text-xs sm:text-xs"
            onFocus={(event) => event.currentTarget.select()}
            data-api-key-value
          />
          <Button type="button" variant="outline" onClick={onCopy} aria-label="Copy the API key">
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
          </Button>
        </div>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <span className="text-sm font-medium">Try it</span>
        <pre className="rounded-md bg-muted p-3 text-xs break-all whitespace-pre-wrap">
          <code>{curlExample(window.location.origin, created.key, created.scopes)}</code>
        </pre>
      </div>
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
