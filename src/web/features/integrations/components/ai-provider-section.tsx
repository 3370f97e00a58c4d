import { CheckCircle2, Cpu, Loader2, PlugZap, Trash2, XCircle } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import {
  AI_KEY_MAX_LENGTH,
  AI_PROVIDER_PRESETS,
  type AiProviderSettings,
  type AiProviderTestResult,
} from '../../../../shared/ai-provider.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import {
  useAiProvider,
  useRemoveAiProvider,
  useSaveAiProvider,
  useTestAiProvider,
} from '../ai-provider-api.ts';

/**
 * Integrations > AI provider (`?ai-llms=true`): the user's own OpenAI-compatible model for their copilot,
 * knowledge chat, Sales Q&A, RFP drafts and documents; without one, the instance's engine answers.
 */
export function AiProviderSection() {
  const settings = useAiProvider();
  if (settings.isError) {
    return (
      <LoadError message="Failed to load the AI provider settings" onRetry={() => void settings.refetch()} />
    );
  }
  if (!settings.data) {
    return (
      <div className="flex max-w-2xl flex-col gap-3" aria-busy="true">
        <span className="sr-only">Loading the AI provider settings…</span>
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  return <ProviderForm settings={settings.data} />;
}

function ProviderForm({ settings }: { settings: AiProviderSettings }) {
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl ?? '');
  const [model, setModel] = useState(settings.model ?? '');
  const [apiKey, setApiKey] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [result, setResult] = useState<AiProviderTestResult | null>(null);
  const save = useSaveAiProvider();
  const remove = useRemoveAiProvider();
  const test = useTestAiProvider();

  // Saved or removed elsewhere (another tab): the form shows what is saved now.
  useEffect(() => {
    setBaseUrl(settings.baseUrl ?? '');
    setModel(settings.model ?? '');
  }, [settings.baseUrl, settings.model]);

  const sameAddress = (() => {
    try {
      return settings.baseUrl !== null && new URL(settings.baseUrl).origin === new URL(baseUrl).origin;
    } catch {
      return false;
    }
  })();
  const keptKey = settings.keyHint && sameAddress;

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { baseUrl, model, ...(apiKey ? { apiKey } : {}) },
      {
        onSuccess: (saved) => {
          setApiKey('');
          toast({
            title: 'AI provider saved',
            description: `${saved.model} at ${saved.baseUrl} now answers your requests.`,
          });
        },
      },
    );
  };
  const onTest = () => {
    setResult(null);
    test.mutate(
      { baseUrl, model, ...(apiKey ? { apiKey } : {}) },
      { onSuccess: setResult, onError: (err) => toastFailure('Test failed', err) },
    );
  };
  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setApiKey('');
        setResult(null);
        toast({
          title: 'AI provider removed',
          description: 'The built-in engine answers your requests again.',
        });
      },
      onError: (err) => toastFailure('Could not remove the provider', err),
    });

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <Card>
        <CardHeader>
          <h2 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <Cpu className="size-5" aria-hidden="true" />
            Your AI provider
          </h2>
          <CardDescription>
            Any OpenAI-compatible API: OpenAI, OpenRouter, Azure OpenAI, or a model on your own machine
            (Ollama, LM Studio, vLLM). Once saved it writes your copilot replies, knowledge and Sales Q&A
            answers, RFP drafts and sales documents; nobody else's.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-sm" data-ai-status>
            {settings.configured ? (
              <>
                <span className="font-medium">In use:</span> {settings.model} at {settings.baseUrl}
                {settings.keyHint ? `, a key is set ending ${settings.keyHint}` : ', no key'}.
              </>
            ) : (
              <>
                <span className="font-medium">In use:</span>{' '}
                {settings.instanceEngine === 'builtin'
                  ? 'the built-in engine. It runs offline with no key: it understands requests with language rules and our company data, answers from your library and documents with the passages it cites, and fills document templates. A model writes those answers and documents as prose, from the same sources.'
                  : "this server's model, set by the operator."}
              </>
            )}
          </p>
          <form className="flex flex-col gap-4" onSubmit={onSave} aria-label="AI provider">
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">Start from</legend>
              <div className="flex flex-wrap gap-2">
                {AI_PROVIDER_PRESETS.map((preset) => (
                  <Button
                    key={preset.id}
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-pressed={baseUrl === preset.baseUrl}
                    className={cn(baseUrl === preset.baseUrl && 'border-primary')}
                    onClick={() => {
                      setBaseUrl(preset.baseUrl);
                      setModel(preset.model);
                      setResult(null);
                    }}
                  >
                    {preset.label}
                  </Button>
                ))}
              </div>
              {!settings.privateAllowed && (
                <p className="text-xs text-muted-foreground">
                  A local model (localhost or a private network) needs the operator to set
                  AI_PROVIDER_ALLOW_PRIVATE=true on this server.
                </p>
              )}
            </fieldset>
            <div className="flex flex-col gap-2">
              <Label htmlFor="ai-base-url">Base URL</Label>
              <Input
                id="ai-base-url"
                type="url"
                required
                inputMode="url"
                autoComplete="off"
                placeholder="https://api.openai.com/v1"
                value={baseUrl}
                onChange={(event) => setBaseUrl(event.target.value)}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="ai-model">Model</Label>
              <Input
                id="ai-model"
                required
                maxLength={200}
                autoComplete="off"
                placeholder="gpt-4o-mini"
                value={model}
                onChange={(event) => setModel(event.target.value)}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="ai-key">API key</Label>
              <PasswordInput
                id="ai-key"
                visible={showKey}
                onVisibleChange={setShowKey}
                autoComplete="off"
                maxLength={AI_KEY_MAX_LENGTH}
                placeholder={keptKey ? `Saved key ending ${settings.keyHint}` : 'sk-...'}
                value={apiKey}
                onChange={(event) => setApiKey(event.target.value)}
                aria-describedby="ai-key-help"
              />
              <p id="ai-key-help" className="text-xs text-muted-foreground">
                {keptKey
                  ? 'Leave empty to keep the saved key. It is stored encrypted and never shown again.'
                  : settings.keyHint
                    ? 'The saved key belongs to another address and is not sent here: enter a key, or leave empty for none.'
                    : 'Stored encrypted and never shown again. Local servers (Ollama, LM Studio) need none.'}
              </p>
            </div>
            {save.isError && (
              <p role="alert" className="text-sm text-destructive">
                {save.error.message}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                Save
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={onTest}
                disabled={test.isPending || !baseUrl || !model}
              >
                {test.isPending ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <PlugZap aria-hidden="true" />
                )}
                Test connection
              </Button>
              {settings.configured && (
                <Button type="button" variant="ghost" onClick={onRemove} disabled={remove.isPending}>
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
              )}
            </div>
          </form>
          {result && <TestResult result={result} />}
        </CardContent>
      </Card>
      <p className="text-xs text-muted-foreground">
        The server calls this address for you, so it must be reachable from the server. A model's answers cost
        the same credits as the built-in engine's; your provider bills you for its own use.
      </p>
    </div>
  );
}

function TestResult({ result }: { result: AiProviderTestResult }) {
  return (
    <div
      role="status"
      data-test-result={result.outcome}
      className={cn(
        'flex items-start gap-2 rounded-md border p-3 text-sm',
        result.ok
          ? 'border-emerald-600/40 text-emerald-700 dark:text-emerald-400'
          : 'border-destructive/50 text-destructive',
      )}
    >
      {result.ok ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : (
        <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      )}
      <p className="break-words [overflow-wrap:anywhere]">
        {result.message} <span className="text-muted-foreground">({result.ms} ms)</span>
      </p>
    </div>
  );
}
