// `npm run dev`: the API with reload on :3000 (tsx watch) and the Vite dev server with hot reload on :5173.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules/.bin', name);

spawnSync(bin('tsx'), ['scripts/build-images.ts'], { stdio: 'inherit', cwd: root });
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn(bin('vite'), ['--config', 'vite.config.ts'], { stdio: 'inherit', cwd: root }),
];
console.log('Dev servers: web http://localhost:5173 (proxies /api to the API on http://localhost:3000)');

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
