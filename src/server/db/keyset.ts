/**
 * Keyset pagination: the cursor is the last row's sort value and id, so page 50 costs what page 1 costs. A
 * feature describes its sort (`SortSpec`); these build the WHERE, the ORDER BY and the cursors for it.
 */
import { type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../shared/uuid.ts';
import { AppError } from '../http/errors.ts';

/**
 * `value` is the sort expression and `id` the row's id column (the tie-breaker); `type` is the SQL type of
 * the sort value, so a cursor's number compares without a cast on the column.
 */
export type SortSpec = {
  value: SQL;
  id: SQL;
  type: 'text' | 'int' | 'float8';
  descending: boolean;
  nullable: boolean;
};

export type Cursor = { sort: string; value: string | number | null; id: string };

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** A cursor we did not make, or one made for another sort, is refused rather than guessed at. */
export function decodeCursor(raw: string, sort: string, spec: SortSpec): Cursor {
  const invalid = () => new AppError('VALIDATION_ERROR', 400, 'Invalid cursor: start the search again');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const c = parsed as Partial<Cursor> | null;
  const valueOk =
    (c?.value === null && spec.nullable) ||
    (spec.type === 'text'
      ? typeof c?.value === 'string' && c.value.length <= 500
      : typeof c?.value === 'number' &&
        Number.isFinite(c.value) &&
        (spec.type === 'float8' || (Number.isInteger(c.value) && Math.abs(c.value) <= 2_147_483_647)));
  if (!c || c.sort !== sort || typeof c.id !== 'string' || !isUuid(c.id) || !valueOk) throw invalid();
  return { sort, value: c.value ?? null, id: c.id };
}

/** The rows after the cursor, in the spec's order. */
export function afterCursor(spec: SortSpec, cursor: Cursor): SQL {
  const cmp = spec.descending ? sql`<` : sql`>`;
  const value = sql`${cursor.value}::${sql.raw(spec.type)}`;
  const id = spec.id;
  if (cursor.value === null) return sql`(${spec.value} is null and ${id} ${cmp} ${cursor.id}::uuid)`;
  // A value that is never empty: a row comparison, which a (value, id) index answers as a range, so a deep
  // page starts where the last one ended instead of reading every row before it.
  if (!spec.nullable) return sql`(${spec.value}, ${id}) ${cmp} (${value}, ${cursor.id}::uuid)`;
  // Empty values sort last, after every filled one.
  return sql`((${spec.value} ${cmp} ${value} or (${spec.value} = ${value} and ${id} ${cmp} ${cursor.id}::uuid)) or ${spec.value} is null)`;
}

export const orderBy = (spec: SortSpec) => {
  const direction = spec.descending ? sql`desc` : sql`asc`;
  // Empty values last; a value that is never empty says nothing of them, so that a descending order is an
  // index read backwards (PostgreSQL's descending order puts empty values first).
  const nulls = spec.nullable ? sql` nulls last` : sql``;
  return sql`order by ${spec.value} ${direction}${nulls}, ${spec.id} ${direction}`;
};

/**
 * A page from `limit + 1` rows fetched with their sort value as `sortValue`: the first `limit`, and the cursor
 * to the next page when there is one.
 */
export function keysetPage<T extends { id: string; sortValue: string | number | null }>(
  rows: readonly T[],
  limit: number,
  sort: string,
): { rows: Omit<T, 'sortValue'>[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeCursor({ sort, value: last.sortValue, id: last.id }) : null;
  return { rows: page.map(({ sortValue: _sortValue, ...row }) => row), nextCursor };
}
