/**
 * The embedded database's extensions load whole (issue 22): PGlite used to instantiate both libraries at once,
 * and one of the two always failed to load (PGlite says so only in debug mode), leaving its globals bound to
 * a half-loaded copy. When that was pg_trgm, `%` matched nothing and its comparison could trap.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';

describe('PGlite extensions', () => {
  afterEach(() => vi.restoreAllMocks());

  it('load one at a time and whole: pg_trgm and btree_gin answer correctly', async () => {
    // The defect needs two libraries instantiating at once: count the most in flight together.
    let inFlight = 0;
    let mostInFlight = 0;
    const instantiate = WebAssembly.instantiate.bind(WebAssembly) as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(WebAssembly, 'instantiate').mockImplementation((async (...args: unknown[]) => {
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      try {
        return await instantiate(...args);
      } finally {
        inFlight--;
      }
    }) as typeof WebAssembly.instantiate);
    const loading: string[] = [];
    // PGlite's debug output is the only place a failed library load is reported.
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
      const line = parts.map(String).join(' ');
      if (line.startsWith('pgfs:ext')) loading.push(line);
    });
    const database = await PGlite.create({ debug: 1, extensions: PGLITE_EXTENSIONS });
    try {
      await database.exec('create extension pg_trgm; create extension btree_gin;');
      const { rows } = await database.query<{ matched: boolean; similarity: number }>(
        `select 'Describe your incident response procedures' % 'incident response procedures'::text as matched,
           similarity('incident response', 'incident responses') as similarity`,
      );
      expect(rows).toEqual([{ matched: true, similarity: expect.closeTo(0.85, 2) }]);
      await database.exec(`create table answered (asked text, at int);
        create index answered_gin on answered using gin (at, asked gin_trgm_ops);
        insert into answered values ('Do you encrypt data at rest?', 1), ('Describe your backups', 2);`);
      const found = await database.query<{ asked: string }>(
        `select asked from answered where at = 1 and asked % 'encrypt data at rest'`,
      );
      expect(found.rows).toEqual([{ asked: 'Do you encrypt data at rest?' }]);
    } finally {
      await database.close();
    }
    expect(loading.filter((line) => line.includes('FAIL'))).toEqual([]);
    expect(mostInFlight).toBe(1);
  });
});
