import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, apiFetch } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';

type Provider = { id: string; name: string };

// Asked once per page load: the list only changes when the server is reconfigured.
let providers: Promise<Provider[]> | null = null;
const loadProviders = () => {
  providers ??= apiFetch<{ providers: Provider[] }>('/api/v1/auth/providers')
    .then((body) => body.providers)
    .catch(() => []);
  return providers;
};

/** "Continue with …" for each social or single sign-on provider the server has configured (none: nothing). */
export function ProviderButtons({ failureTitle }: { failureTitle: string }) {
  const [list, setList] = useState<Provider[]>([]);
  const [starting, setStarting] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadProviders().then((loaded) => live && setList(loaded));
    return () => {
      live = false;
    };
  }, []);
  if (list.length === 0) return null;

  const start = async (provider: Provider) => {
    setStarting(provider.id);
    try {
      const callbackURL = `${window.location.origin}/oauth/callback`;
      const { url } = await apiFetch<{ url: string }>('/api/auth/sign-in/social', {
        method: 'POST',
        body: { provider: provider.id, callbackURL, errorCallbackURL: callbackURL },
      });
      window.location.assign(url);
    } catch (err) {
      setStarting(null);
      toast({
        title: failureTitle,
        description: err instanceof ApiError ? err.message : 'Unexpected error.',
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="grid gap-3">
      {list.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="outline"
          disabled={starting !== null}
          onClick={() => void start(provider)}
        >
          {starting === provider.id ? `Redirecting to ${provider.name}...` : `Continue with ${provider.name}`}
        </Button>
      ))}
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
