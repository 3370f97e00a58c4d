import type { ClientErrorReport } from '../../shared/client-errors.ts';
import type { ClientErrorEntry } from '../../shared/diagnostics.ts';
import { scrubPath, scrubText } from '../../shared/diagnostics-scrub.ts';

/**
 * Sends one error to the server log (spec 1 §9), scrubbed first: the route as its template, no e-mail, id,
 * token, query string or the user's own `known` strings. Loaded on the first error, not with every page.
 */
export function sendClientError(entry: ClientErrorEntry, known: readonly string[]): void {
  const body: ClientErrorReport = {
    kind: entry.kind,
    message: scrubText(entry.message, known, 1000),
    route: scrubPath(entry.route, known),
  };
  if (entry.source) body.source = scrubText(entry.source, known, 300);
  if (entry.stack) body.stack = scrubText(entry.stack, known, 4000);
  if (entry.method) body.method = entry.method.toUpperCase() as ClientErrorReport['method'];
  if (entry.apiRoute) body.apiRoute = scrubPath(entry.apiRoute, known);
  if (entry.status !== undefined) body.status = entry.status;
  // Not through api.ts: a failure to report must not be recorded, and so reported, again.
  void fetch('/api/v1/client-errors', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => {});
}
