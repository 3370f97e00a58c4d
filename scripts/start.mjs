// `npm start`: builds when dist/ is missing or older than the sources, then serves the production build.
// package.json runs it with --max-semi-space-size=4 (see README, Benchmarks): keep that flag where it is started.
// Plain JavaScript so it runs on Node 20 without a TypeScript loader.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const stamp = join(root, 'dist/.build-stamp');
const inputs = ['src', 'scripts', 'package-lock.json', 'vite.config.ts', 'index.html'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...inputs.map((input) => newestMtime(join(root, input))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Sources changed since the last build; rebuilding…' : 'No build yet; building…');
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build.ts')],
    {
      stdio: 'inherit',
      cwd: root,
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(join(root, 'dist/server/main.js')).href);
