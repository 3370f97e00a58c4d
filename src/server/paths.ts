import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, found from this module so it works from src/ (tsx) and dist/ (bundle). */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server module');
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot();
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'src/server/db/migrations');
export const CLIENT_DIST_DIR = join(PROJECT_ROOT, 'dist/client');

/**
 * An empty database with every migration applied, made by the build for the installed PGlite: a new embedded
 * database starts as a copy of it instead of running PostgreSQL's initdb (db/pglite-worker.ts).
 */
export function databaseTemplateFile(): string | null {
  try {
    const pglite = JSON.parse(
      readFileSync(join(PROJECT_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
    );
    return join(PROJECT_ROOT, `dist/db-template/pglite-${pglite.version}.tar.gz`);
  } catch {
    return null;
  }
}
