import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { assertKeyMayCall } from '../features/api-keys/scopes.ts';
import { authenticateApiKey } from '../features/api-keys/service.ts';
import { AppError } from './errors.ts';

/** Spec 1 §5: profile (and every other user) operation without a signed-in user fails with this text. */
export const NOT_AUTHENTICATED = 'User not authenticated';

/** The token of an `Authorization: Bearer ...` header (an API key; '' when it is missing), or null without one. */
export const bearerToken = (header: string | undefined): string | null =>
  header?.match(/^Bearer(?:\s+|$)(.*)$/i)?.[1]?.trim() ?? null;

/**
 * Lets the request through only with a valid session or API key, and puts its user in `c.var.caller`. An API
 * key (`Authorization: Bearer pk_...`) wins over a cookie and is held to its scopes for this method and path.
 */
export function requireCaller(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Two patterns of the same route (`/x` and `/x/*`) may both match: the first check decided.
    if (c.get('caller')) return next();
    const key = bearerToken(c.req.header('authorization'));
    if (key !== null) {
      const { caller, scopes } = await authenticateApiKey(deps.database.db, key);
      assertKeyMayCall(scopes, c.req.method, c.req.path);
      c.set('caller', caller);
      return deps.aiEngines.runAs(caller.id, next);
    }
    // A write is checked against the database: a session ended on another instance must not change anything.
    const fresh = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const { answer, setCookies } = await deps.sessions.get(c.req.raw.headers, { fresh });
    if (!answer) throw new AppError('UNAUTHORIZED', 401, NOT_AUTHENTICATED);
    for (const cookie of setCookies) c.header('set-cookie', cookie, { append: true });
    const { id, email, name, emailVerified } = answer.user;
    c.set('caller', { id, email, name, emailVerified });
    // The rest of the request runs as the caller: their own AI provider answers, when they saved one.
    await deps.aiEngines.runAs(id, next);
  };
}
