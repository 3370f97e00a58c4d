import { existsSync } from 'node:fs';
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
