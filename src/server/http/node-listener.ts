/**
 * Node's request listener for the app. What a response carries whatever it is (its request id, its security
 * headers, Vary for the API's compression) is set here, on Node's own response, before the app runs: set
 * through the web Headers API on each response, the same headers were a third of what a cheap request such
 * as /api/health cost. A header the app sets itself replaces the default.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Context } from 'hono';
import { securityHeaders } from './security-headers.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A caller's own id (a proxy's or a client's) is kept when it is short and plain; otherwise a new one. */
const PLAIN_ID = /^[\w\-=]{1,255}$/;

export function nodeListener(fetch: Parameters<typeof getRequestListener>[0]): RequestListener {
  const handle = getRequestListener(fetch);
  return (req, res) => {
    const given = req.headers['x-request-id'];
    res.setHeader(
      REQUEST_ID_HEADER,
      typeof given === 'string' && PLAIN_ID.test(given) ? given : randomUUID(),
    );
    const path = req.url ?? '/';
    for (const [name, value] of securityHeaders(path)) res.setHeader(name, value);
    // The API's answers may be gzipped for a client that takes it (compress.ts): caches must key on that.
    if (path.startsWith('/api/')) res.setHeader('Vary', 'Accept-Encoding');
    return handle(req, res);
  };
}

/** What @hono/node-server passes the app as its environment. */
export type NodeEnv = { incoming: IncomingMessage; outgoing: ServerResponse };

/**
 * The request's id, as sent back in X-Request-Id (for logs and error references). A request made in process
 * (`app.request` in tests) has no Node response: it gets an id of its own, never sent.
 */
export function requestIdOf(c: Context): string {
  const id = (c.env as Partial<NodeEnv> | undefined)?.outgoing?.getHeader(REQUEST_ID_HEADER);
  return typeof id === 'string' ? id : randomUUID();
}
