import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { AppError } from './errors.ts';

/** Spec 1 §5: profile (and every other user) operation without a signed-in user fails with this text. */
export const NOT_AUTHENTICATED = 'User not authenticated';

/** Lets the request through only with a valid session, and puts its user in `c.var.caller`. */
export function requireCaller(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { answer, setCookies } = await deps.sessions.get(c.req.raw.headers);
    if (!answer) throw new AppError('UNAUTHORIZED', 401, NOT_AUTHENTICATED);
    for (const cookie of setCookies) c.header('set-cookie', cookie, { append: true });
    const { id, email, name, emailVerified } = answer.user;
    c.set('caller', { id, email, name, emailVerified });
    await next();
  };
}
