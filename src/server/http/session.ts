import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { AppError } from './errors.ts';

/** Spec 1 §5: profile (and every other user) operation without a signed-in user fails with this text. */
export const NOT_AUTHENTICATED = 'User not authenticated';

/** Lets the request through only with a valid session, and puts its user in `c.var.caller`. */
export function requireCaller(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError('UNAUTHORIZED', 401, NOT_AUTHENTICATED);
    const { id, email, name, emailVerified } = session.user;
    c.set('caller', { id, email, name, emailVerified });
    await next();
  };
}
