import { AlertTriangle, Check, Copy, Loader2, Webhook as WebhookIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  EVENT_DESCRIPTIONS,
  EVENT_LABELS,
  EVENT_TYPES,
  type EventType,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  type Webhook,
  type WebhookWithSecret,
} from '../../../../shared/events.ts';
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
import { useCreateWebhook, useUpdateWebhook } from '../webhooks-api.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this webhook; creating a new one when absent. */
  webhook?: Webhook;
};

const DEFAULT_EVENTS: EventType[] = ['prospect.created', 'prospect.status_changed'];

/** Create or edit a webhook: its URL, a description and the events it receives; a new one shows its secret. */
export function WebhookDialog({ open, onOpenChange, webhook }: Props) {
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<ReadonlySet<string>>(new Set(webhook?.events ?? DEFAULT_EVENTS));
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const saving = webhook ? update : create;
  const ids = useId();

  const close = () => {
    onOpenChange(false);
    setCreated(null);
    if (!webhook) {
      setUrl('');
      setDescription('');
      setEvents(new Set(DEFAULT_EVENTS));
    }
    create.reset();
    update.reset();
  };

  const toggle = (type: EventType, on: boolean) => {
    const next = new Set(events);
    if (on) next.add(type);
    else next.delete(type);
    setEvents(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      url: url.trim(),
      description: description.trim(),
      events: EVENT_TYPES.filter((type) => events.has(type)),
    };
    if (webhook) {
      update.mutate(
        { id: webhook.id, ...fields },
        {
          onSuccess: () => {
            toast({ title: 'Webhook saved' });
            close();
          },
        },
      );
    } else {
      create.mutate(fields, { onSuccess: setCreated });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>
            {created ? 'Copy the signing secret' : webhook ? 'Edit webhook' : 'Add a webhook'}
          </DialogTitle>
          <DialogDescription>
            {created
              ? 'Your receiver checks each delivery with this secret. You can reveal it again from the list.'
              : 'Prospector POSTs the events you choose to this URL as signed JSON.'}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <CreatedSecret secret={created.secret} onDone={close} />
        ) : (
          <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${ids}-url`}>Endpoint URL</Label>
              <Input
                id={`${ids}-url`}
                type="url"
                inputMode="url"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                maxLength={WEBHOOK_URL_MAX}
                placeholder="https://hooks.example.com/prospector"
                autoComplete="off"
                required
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${ids}-description`}>Description (optional)</Label>
              <Input
                id={`${ids}-description`}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                maxLength={WEBHOOK_DESCRIPTION_MAX}
                placeholder="e.g. CRM sync"
                autoComplete="off"
              />
            </div>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">Events</legend>
              <ul className="flex flex-col divide-y rounded-lg border">
                {EVENT_TYPES.map((type) => {
                  const id = `${ids}-${type}`;
                  return (
                    <li key={type} className="flex items-start gap-3 px-3 py-2.5">
                      <input
                        id={id}
                        type="checkbox"
                        className="mt-0.5 size-4 shrink-0 accent-primary"
                        checked={events.has(type)}
                        onChange={(event) => toggle(type, event.target.checked)}
                        data-event-type={type}
                      />
                      <label htmlFor={id} className="flex min-w-0 flex-col text-sm">
                        <span className="font-medium">
                          {EVENT_LABELS[type]} <code className="text-xs text-muted-foreground">{type}</code>
                        </span>
                        <span className="text-xs text-muted-foreground">{EVENT_DESCRIPTIONS[type]}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
            {saving.isError && (
              <p role="alert" className="text-sm text-destructive">
                {saving.error.message}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={!url.trim() || events.size === 0 || saving.isPending}>
                {saving.isPending ? (
                  <Loader2 className="animate-spin" aria-hidden />
                ) : (
                  <WebhookIcon aria-hidden />
                )}
                {saving.isPending ? 'Saving…' : webhook ? 'Save' : 'Add webhook'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A secret with a copy button (the new webhook's, or one revealed from the list). */
export function SecretField({ secret, label }: { secret: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  const onCopy = async () => {
    if (await copyText(secret)) {
      setCopied(true);
      toast({ title: 'Signing secret copied' });
    } else {
      toast({ title: 'Could not copy the secret', description: 'Select it and copy it by hand.' });
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={secret}
          className="font-mono text-xs sm:text-xs"
          onFocus={(event) => event.currentTarget.select()}
          data-webhook-secret
        />
        <Button type="button" variant="outline" onClick={onCopy} aria-label="Copy the signing secret">
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
        </Button>
      </div>
    </div>
  );
}

function CreatedSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <div
        role="alert"
        className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
        <p>Keep the secret out of your code repository: store it where your receiver reads its settings.</p>
      </div>
      <SecretField secret={secret} label="Signing secret" />
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
