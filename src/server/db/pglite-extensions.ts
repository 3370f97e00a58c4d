/**
 * The PostgreSQL extensions the embedded database has (the migrations create pg_trgm and btree_gin), and how
 * they load.
 *
 * PGlite instantiates every extension's library at start, all at once; with two of them, whichever finishes
 * second fails its own check on the symbols of the one still loading (logged only in debug mode), and its
 * global variables stay bound to that half-loaded copy: its data never relocated, its _PG_init never run.
 * Half of all starts did it to pg_trgm: `%` then matched nothing (the similarity threshold read from
 * uninitialised memory) and the trigram comparison was called through a function pointer never relocated, a
 * WebAssembly trap (the freeze of issue 22). Emscripten's `noWasmDecoding` leaves the libraries as files,
 * loaded one at a time by PostgreSQL itself when first used.
 */
import type { Extension, PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const loadLibrariesWhenUsed: Extension = {
  name: 'load-libraries-when-used',
  setup: async (_pg, emscriptenOpts) => ({
    emscriptenOpts: { ...emscriptenOpts, noWasmDecoding: true },
  }),
};

export const PGLITE_EXTENSIONS: PGliteOptions['extensions'] = { loadLibrariesWhenUsed, btree_gin, pg_trgm };
