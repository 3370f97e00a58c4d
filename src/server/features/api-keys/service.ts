/**
 * API keys (issue 10 point 4): created with scopes and shown once, kept only as a SHA-256 hash and a display
 * prefix, revoked (the row stays, marked), and checked on every request that carries one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  API_KEY_DISPLAY_LENGTH,
  API_KEY_INVALID,
  API_KEY_LAST_USED_PRECISION_MS,
  API_KEY_LIMIT_REACHED,
  API_KEY_NOT_FOUND,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_REVOKED,
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyScope,
} from '../../../shared/api-keys.ts';
import type { Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { lockFor } from '../../db/locks.ts';
import { apiKeys, users } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';

/** The stored form of a key: its SHA-256 (a key has 256 random bits, so a fast hash is enough). */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

type KeyRow = typeof apiKeys.$inferSelect;

const toApiKey = (row: KeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  status: row.revokedAt ? 'revoked' : 'active',
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** The caller's keys, newest first, revoked ones included (marked). */
export async function listApiKeys(db: Db, caller: Caller): Promise<ApiKey[]> {
  const rows = await withUser(db, caller.id, (tx) =>
    tx
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.userId, caller.id))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),
  );
  return rows.map(toApiKey);
}

/** A new key: the whole key is in this answer and nowhere else (only its hash is stored). */
export async function createApiKey(
  db: Db,
  caller: Caller,
  input: { name: string; scopes: ApiKeyScope[] },
): Promise<ApiKeyCreated> {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await withUser(db, caller.id, async (tx) => {
    // Serialises the caller's key creations: a count read by concurrent requests alike would let them all in.
    await lockFor(tx, `api-keys:${caller.id}`);
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, caller.id), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= API_KEYS_MAX) throw new AppError('CONFLICT', 409, API_KEY_LIMIT_REACHED);
    const [created] = await tx
      .insert(apiKeys)
      .values({
        userId: caller.id,
        name: input.name,
        prefix: key.slice(0, API_KEY_DISPLAY_LENGTH),
        keyHash: hashApiKey(key),
        scopes: input.scopes,
      })
      .returning();
    return created;
  });
  if (!row) throw new Error('createApiKey: the insert returned no row');
  return { ...toApiKey(row), key };
}

/** Revokes a key at once (the next request with it fails); revoking a revoked key changes nothing. */
export async function revokeApiKey(db: Db, caller: Caller, id: string): Promise<ApiKey> {
  const row = await withUser(db, caller.id, async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, caller.id), isNull(apiKeys.revokedAt)))
      .returning();
    if (revoked) return revoked;
    const [existing] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, caller.id)));
    return existing;
  });
  if (!row) throw new AppError('NOT_FOUND', 404, API_KEY_NOT_FOUND);
  return toApiKey(row);
}

export type KeyCaller = { caller: Caller; keyId: string; scopes: string[] };

/**
 * The user and scopes behind a key from an `Authorization: Bearer` header, or a 401. This runs before the
 * caller is known, so it reads as the database owner (like the session lookup), by the hash's unique index.
 * Nothing is cached: a revoked key fails on its next request, on every server instance.
 */
export async function authenticateApiKey(db: Db, key: string): Promise<KeyCaller> {
  if (!API_KEY_PATTERN.test(key)) throw new AppError('UNAUTHORIZED', 401, API_KEY_INVALID);
  const [row] = await db
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      user: { id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified },
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, hashApiKey(key)));
  if (!row) throw new AppError('UNAUTHORIZED', 401, API_KEY_INVALID);
  if (row.revokedAt) throw new AppError('UNAUTHORIZED', 401, API_KEY_REVOKED);
  // "Last used" to the minute: one write a minute per key at most, not one per request.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= API_KEY_LAST_USED_PRECISION_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, row.id),
          sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - ${API_KEY_LAST_USED_PRECISION_MS} * interval '1 millisecond')`,
        ),
      );
  }
  return { caller: row.user, keyId: row.id, scopes: row.scopes };
}
