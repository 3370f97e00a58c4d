import { RotateCw } from 'lucide-react';
import { EVENT_LABELS, isEventType, type WebhookDelivery } from '../../../../shared/events.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useDeliveries, useResendDelivery } from '../webhooks-api.ts';

const TIME = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });

const eventName = (type: string) =>
  isEventType(type) ? EVENT_LABELS[type] : type === 'webhook.ping' ? 'Test ping' : type;

/** What a delivery's badge says: sent, failed for good, waiting for a retry, or not tried yet. */
export function DeliveryBadge({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.status === 'succeeded') {
    return (
      <Badge variant="success" data-delivery-status="succeeded">
        Delivered
      </Badge>
    );
  }
  if (delivery.status === 'failed') {
    return (
      <Badge variant="destructive" data-delivery-status="failed">
        Failed
      </Badge>
    );
  }
  return (
    <Badge variant="outline" data-delivery-status="pending">
      {delivery.attempts === 0 ? 'Sending…' : 'Retrying'}
    </Badge>
  );
}

/** A webhook's delivery log: each delivery's outcome, the target's answer, and re-send. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const deliveries = useDeliveries(webhookId, true);
  const resend = useResendDelivery();

  if (deliveries.isPending) {
    return (
      <div role="status" aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">Loading deliveries…</span>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (deliveries.isError) {
    return <LoadError message="Could not load the deliveries." onRetry={() => deliveries.refetch()} />;
  }
  if (deliveries.data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No deliveries yet. Use “Send test”, or wait for one of the chosen events to happen.
      </p>
    );
  }

  const onResend = (delivery: WebhookDelivery) =>
    resend.mutate(delivery.id, {
      onSuccess: () => toast({ title: 'Delivery sent again', description: eventName(delivery.eventType) }),
      onError: (err) => toastFailure('Could not re-send the delivery', err),
    });

  return (
    <ul className="flex flex-col divide-y rounded-lg border" aria-label="Deliveries">
      {deliveries.data.map((delivery) => (
        <li
          key={delivery.id}
          className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-start"
          data-delivery={delivery.id}
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <DeliveryBadge delivery={delivery} />
              <span className="font-medium">{eventName(delivery.eventType)}</span>
              <code className="text-xs text-muted-foreground">{delivery.eventType}</code>
            </div>
            <p className="text-xs text-muted-foreground">
              {TIME.format(new Date(delivery.createdAt))} · {delivery.attempts}{' '}
              {delivery.attempts === 1 ? 'attempt' : 'attempts'}
              {delivery.responseStatus !== null && (
                <>
                  {' '}
                  · HTTP <span data-delivery-code>{delivery.responseStatus}</span>
                </>
              )}
              {delivery.durationMs !== null && ` · ${delivery.durationMs} ms`}
              {delivery.nextAttemptAt &&
                delivery.attempts > 0 &&
                ` · next attempt ${TIME.format(new Date(delivery.nextAttemptAt))}`}
            </p>
            {delivery.error && <p className="text-xs break-words text-destructive">{delivery.error}</p>}
            {delivery.responseBody && (
              <details className="text-xs">
                <summary className="cursor-pointer text-muted-foreground">Response</summary>
                <section
                  aria-label="The target's answer"
                  className="mt-1 max-h-40 overflow-auto rounded bg-muted p-2"
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
                  tabIndex={0}
                >
                  <pre className="whitespace-pre-wrap break-words">{delivery.responseBody}</pre>
                </section>
              </details>
            )}
          </div>
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => onResend(delivery)}
            disabled={resend.isPending}
            aria-label={`Re-send the ${eventName(delivery.eventType)} delivery of ${TIME.format(new Date(delivery.createdAt))}`}
          >
            <RotateCw aria-hidden />
            Re-send
          </Button>
        </li>
      ))}
    </ul>
  );
}
