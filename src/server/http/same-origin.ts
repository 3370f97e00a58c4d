import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF): the Origin must be our own
 * address (as the browser reached us, or PUBLIC_URL), and Sec-Fetch-Site must not say cross-site. Clients
 * without these headers (curl, server-to-server with an API key) are not browsers carrying our cookies.
 */
export function sameOriginOnly(publicUrl: string): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // An API key in the Authorization header and no cookies: nothing a foreign page could have made the
    // browser send on its own, so there is no request to forge. With a cookie the check below still applies.
    if (!c.req.header('cookie') && /^Bearer\s/i.test(c.req.header('authorization') ?? '')) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const ownOrigin = `${new URL(c.req.url).protocol}//${c.req.header('host') ?? ''}`;
    const foreignOrigin = origin !== undefined && origin !== ownOrigin && origin !== publicOrigin;
    if (foreignOrigin || fetchSite === 'cross-site') {
      return c.json(errorBody('FORBIDDEN', 'Cross-origin requests are not allowed'), 403);
    }
    return next();
  };
}
