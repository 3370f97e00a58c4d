import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');

/** The production server's bundle (main.js and the files beside it): `npm run build`, and benchmarks of the sources. */
export async function bundleServer(outdir: string): Promise<void> {
  await build({
    // The embedded database runs on its own thread, from its own file next to main.js (pglite-thread.ts).
    entryPoints: {
      main: join(root, 'src/server/main.ts'),
      'pglite-worker': join(root, 'src/server/db/pglite-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // A module imported with import() becomes its own file, loaded when first used: bundled into main.js, its
    // packages (Stripe, the AI SDK, pg...) would be imported at every start.
    splitting: true,
    sourcemap: true,
    logLevel: 'warning',
  });
}
