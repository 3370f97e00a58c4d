import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The names of what a test run makes once and its files copy, derived from the run's PostgreSQL template
 * (global-setup.ts makes it and, at the end, removes these too).
 */

/** The PostgreSQL template with the demo library indexed (demo-library.ts). */
export const demoTemplateName = (runTemplate: string) => `${runTemplate}_demo`;

/** The PGlite dump with the demo library indexed (demo-library.ts). */
export const demoDumpFile = (runTemplate: string) => join(tmpdir(), `${runTemplate}_demo_pglite.tgz`);
