import {
  Check,
  ChevronDown,
  Copy,
  Eye,
  Pencil,
  Plus,
  Send,
  Trash2,
  Webhook as WebhookIcon,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import {
  EVENT_HEADER,
  EVENT_LABELS,
  isEventType,
  SIGNATURE_HEADER,
  VERIFY_SNIPPET,
  WEBHOOK_MAX_ATTEMPTS,
  type Webhook,
} from '../../../../shared/events.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { copyText } from '../../../lib/copy-text.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import {
  useDeleteWebhook,
  useRevealSecret,
  useSendTest,
  useUpdateWebhook,
  useWebhooks,
} from '../webhooks-api.ts';
import { DeliveryBadge, WebhookDeliveries } from './webhook-deliveries.tsx';
import { SecretField, WebhookDialog } from './webhook-dialog.tsx';

/** The webhooks tab of /integrations: the list, add and edit, secrets, test pings, delivery logs, and how to verify. */
export function WebhooksSection() {
  const [creating, setCreating] = useState(false);
  const webhooks = useWebhooks();

  let list: ReactNode;
  if (webhooks.isPending) {
    list = (
      <div role="status" aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">Loading webhooks…</span>
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  } else if (webhooks.isError) {
    list = (
      <div className="rounded-xl border p-6">
        <LoadError message="Could not load your webhooks." onRetry={() => webhooks.refetch()} />
      </div>
    );
  } else if (webhooks.data.length === 0) {
    list = (
      <StatePanel icon={<WebhookIcon className="size-6" aria-hidden />} title="No webhooks yet">
        <p className="max-w-md text-sm text-muted-foreground">
          Add a webhook to have Prospector tell another system when a prospect is added or changes status, a
          document is processed, an RFP is completed or your credits run low.
        </p>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          Add webhook
        </Button>
      </StatePanel>
    );
  } else {
    list = (
      <ul className="flex flex-col gap-3" aria-label="Webhooks">
        {webhooks.data.map((webhook) => (
          <WebhookCard key={webhook.id} webhook={webhook} />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">Webhooks</h2>
          <p className="max-w-2xl text-sm text-muted-foreground">
            Prospector POSTs each event you choose to your URL as JSON, signed with the webhook's secret. A
            target that does not answer 2xx within 10 seconds is tried again after 1 minute, 5 minutes, 30
            minutes, 2 hours and 6 hours ({WEBHOOK_MAX_ATTEMPTS} attempts in all); redirects are not followed.
          </p>
        </div>
        <Button onClick={() => setCreating(true)} className="self-start">
          <Plus aria-hidden />
          Add webhook
        </Button>
      </div>
      {list}
      <VerifyHelp />
      <WebhookDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

function WebhookCard({ webhook }: { webhook: Webhook }) {
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTest();
  const reveal = useRevealSecret();
  const name = webhook.description || webhook.url;

  const onToggle = (active: boolean) =>
    update.mutate(
      { id: webhook.id, active },
      {
        onSuccess: () => toast({ title: active ? 'Webhook enabled' : 'Webhook disabled', description: name }),
        onError: (err) => toastFailure('Could not change the webhook', err),
      },
    );
  const onTest = () =>
    test.mutate(webhook.id, {
      onSuccess: () => {
        setShowLog(true);
        toast({ title: 'Test event sent', description: 'The delivery log shows how the target answered.' });
      },
      onError: (err) => toastFailure('Could not send the test event', err),
    });
  const onReveal = () => {
    if (secret) {
      setSecret(null);
      return;
    }
    reveal.mutate(webhook.id, {
      onSuccess: (body) => setSecret(body.secret),
      onError: (err) => toastFailure('Could not reveal the secret', err),
    });
  };
  const onDelete = () => {
    if (!window.confirm(`Delete the webhook to ${webhook.url}? Its delivery log goes with it.`)) return;
    remove.mutate(webhook.id, {
      onSuccess: () => toast({ title: 'Webhook deleted', description: name }),
      onError: (err) => toastFailure('Could not delete the webhook', err),
    });
  };

  return (
    <li className="flex flex-col gap-3 rounded-xl border p-4" data-webhook={webhook.id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <code className="min-w-0 text-sm font-medium break-all" data-webhook-url>
              {webhook.url}
            </code>
            {webhook.active ? (
              <Badge variant="success">Active</Badge>
            ) : (
              <Badge variant="outline">Disabled</Badge>
            )}
          </div>
          {webhook.description && <p className="text-sm text-muted-foreground">{webhook.description}</p>}
          <ul className="flex flex-wrap gap-1" aria-label="Events">
            {webhook.events.map((type) => (
              <li key={type}>
                <Badge variant="outline" className="font-normal" title={type}>
                  {isEventType(type) ? EVENT_LABELS[type] : type}
                </Badge>
              </li>
            ))}
          </ul>
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span>
              Secret <code>{webhook.secretHint}</code>
            </span>
            {webhook.lastDelivery && (
              <span className="flex items-center gap-1">
                · Last delivery <DeliveryBadge delivery={webhook.lastDelivery} />
              </span>
            )}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Switch
            checked={webhook.active}
            onCheckedChange={onToggle}
            disabled={update.isPending}
            aria-label={`Active: ${name}`}
          />
        </div>
      </div>
      {secret && <SecretField secret={secret} label="Signing secret" />}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onTest} disabled={test.isPending}>
          <Send aria-hidden />
          Send test
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setShowLog(!showLog)}
          aria-expanded={showLog}
          aria-controls={`deliveries-${webhook.id}`}
        >
          <ChevronDown aria-hidden className={showLog ? 'rotate-180' : undefined} />
          Deliveries
        </Button>
        <Button variant="outline" size="sm" onClick={onReveal} disabled={reveal.isPending}>
          <Eye aria-hidden />
          {secret ? 'Hide secret' : 'Reveal secret'}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${name}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onDelete}
          disabled={remove.isPending}
          aria-label={`Delete ${name}`}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>
      {showLog && (
        <div id={`deliveries-${webhook.id}`} className="flex flex-col gap-2">
          <h3 className="text-sm font-medium">Deliveries</h3>
          <WebhookDeliveries webhookId={webhook.id} />
        </div>
      )}
      {editing && <WebhookDialog open={editing} onOpenChange={setEditing} webhook={webhook} />}
    </li>
  );
}

/** How a receiver checks a delivery: the header's format and the documented recipe, ready to copy. */
function VerifyHelp() {
  const [copied, setCopied] = useState(false);
  const onCopy = async () => {
    if (await copyText(VERIFY_SNIPPET)) {
      setCopied(true);
      toast({ title: 'Code copied' });
    } else {
      toast({ title: 'Could not copy the code', description: 'Select it and copy it by hand.' });
    }
  };
  return (
    <section className="flex flex-col gap-3 rounded-xl border p-4" aria-labelledby="verify-webhooks">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="verify-webhooks" className="font-medium">
          Verify a delivery
        </h3>
        <Button variant="outline" size="sm" onClick={onCopy} aria-label="Copy the verification code">
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Each request has the body <code>{'{id, type, createdAt, data}'}</code>, the event in{' '}
        <code>{EVENT_HEADER}</code> and{' '}
        <code>{SIGNATURE_HEADER}: t=&lt;unix time&gt;,v1=&lt;signature&gt;</code>, where the signature is the
        hex HMAC-SHA256 of <code>t + "." + body</code> with your secret. Check it on the raw body, before
        parsing it, and refuse old timestamps. In Node:
      </p>
      <section
        aria-label="Verification code (Node)"
        className="overflow-x-auto rounded-md bg-muted p-3 text-xs"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
      >
        <pre>
          <code>{VERIFY_SNIPPET}</code>
        </pre>
      </section>
    </section>
  );
}
