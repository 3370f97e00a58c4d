import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import type { Auth } from './auth.ts';

type SessionAnswer = Awaited<ReturnType<Auth['api']['getSession']>>;

/** The session (or null) and any cookies Better Auth set while looking it up (a renewed expiry). */
export type SessionLookup = { answer: SessionAnswer; setCookies: string[] };

/** Better Auth's session cookie, with the `__Secure-` prefix it uses over HTTPS. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/**
 * A few seconds of memory in front of Better Auth's session lookup. Checking a session through Better Auth
 * costs about a millisecond of CPU (its request context, two queries, output filtering), and the app checks
 * one on every API call, so repeated checks of the same cookie are answered from here. An answer is kept
 * for `ttlMs` at most; every request that can end sessions (sign-out, revocations, password changes,
 * account deletion) clears the cache on this instance. Writes ask for a `fresh` check (the session's row is read
 * again), so a session ended on another instance can still read there for `ttlMs` at most, and never write
 * (issue 21).
 */
export function createSessionCache(auth: Auth, db: Db, { ttlMs = 5000, maxEntries = 10_000 } = {}) {
  const entries = new Map<string, { answer: SessionAnswer; until: number }>();

  /** Whether the session is still in the database and unexpired: one indexed read, not Better Auth's two. */
  async function stillThere(sessionId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())));
    return row !== undefined;
  }

  return {
    /**
     * The session of these headers; `fresh` (for writes) confirms a remembered session against the database
     * first, so a session ended anywhere, on any instance, writes nothing.
     */
    async get(headers: Headers, { fresh = false } = {}): Promise<SessionLookup> {
      const token = headers.get('cookie')?.match(SESSION_COOKIE)?.[1];
      if (!token) return { answer: null, setCookies: [] };
      const now = Date.now();
      const hit = entries.get(token);
      if (hit && hit.until > now) {
        if (!fresh) return { answer: hit.answer, setCookies: [] };
        if (hit.answer && (await stillThere(hit.answer.session.id)))
          return { answer: hit.answer, setCookies: [] };
      }
      const { headers: responseHeaders, response: answer } = await auth.api.getSession({
        headers,
        returnHeaders: true,
      });
      const expires = answer ? new Date(answer.session.expiresAt).getTime() : Number.POSITIVE_INFINITY;
      // Oldest first: Map keeps insertion order, so the first key is the one to drop when full.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value ?? '');
      entries.delete(token);
      entries.set(token, { answer, until: Math.min(now + ttlMs, expires) });
      return { answer, setCookies: responseHeaders.getSetCookie() };
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
