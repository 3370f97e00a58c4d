/**
 * The shared knowledge-base data the evaluations and some parser tests read: Google's VSAQ questionnaires, the
 * standards mapped to the policy templates, real RFQs. They live beside the repository (their text belongs to
 * others: used for tests, not shipped), under KB_DATA_DIR, by default ../shared/data/kb as in CI.
 *
 * Without them a test cannot run. On a developer's machine it is skipped, loudly; under CI a missing file fails
 * the run instead, so that a moved or renamed data set never turns an evaluation into a silent skip.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The shared knowledge-base data: KB_DATA_DIR, or ../shared/data/kb beside the repository. */
export const KB_DATA_DIR = resolve(
  process.env.KB_DATA_DIR ?? join(import.meta.dirname, '../../../shared/data/kb'),
);

/** CI set to anything but an empty, "0", "false" or "no" value (GitHub, GitLab and others set CI=true). */
export function underCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && !['', '0', 'false', 'no'].includes(value);
}

/**
 * Whether every path `what` needs exists (relative paths under KB_DATA_DIR; absolute ones as they are). When
 * some do not: under CI, throws an Error naming them (the test file fails); otherwise warns and returns false,
 * for the caller to skip.
 */
export function kbDataAvailable(what: string, paths: readonly string[]): boolean {
  const missing = paths.map((path) => resolve(KB_DATA_DIR, path)).filter((path) => !existsSync(path));
  if (missing.length === 0) return true;
  const shared = missing.some((path) => path.startsWith(KB_DATA_DIR));
  const message =
    `${what} needs data that is missing: ${missing.join(', ')}` +
    (shared ? ` (KB_DATA_DIR=${KB_DATA_DIR}: set KB_DATA_DIR to the shared data/kb directory)` : '');
  if (underCi())
    throw new Error(`${message}. Under CI a missing data set fails the run instead of skipping.`);
  console.warn(`\n!!! SKIPPED: ${message}\n`);
  return false;
}
