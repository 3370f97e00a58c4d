import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the production server under test listens. */
    baseUrl: string;
    /** Chromium to drive, or null when none is installed (outside CI the browser tests are then skipped). */
    chromePath: string | null;
  }
}

const root = join(import.meta.dirname, '../..');

/** The password the server under test gets for its architecture page. */
export const E2E_ARCHITECTURE_PASSWORD = 'e2e-architecture-pass';

/** Starts the production build on a free port with a fresh embedded database, as `npm start` would. */
export default async function setup(project: TestProject) {
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (existsSync(chromePath)) {
    const version = spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
    console.log(`[e2e] Chromium in use: ${version} (${chromePath})`);
    project.provide('chromePath', chromePath);
  } else if (process.env.CI === 'true') {
    throw new Error(
      `[e2e] Chromium not found at ${chromePath} (CI=true requires it; apt-get install -y chromium)`,
    );
  } else {
    console.warn(`\n[e2e] !!! SKIPPING browser tests: no Chromium at ${chromePath} (set CHROME_PATH)\n`);
    project.provide('chromePath', null);
  }

  if (!existsSync(join(root, 'dist/.build-stamp'))) {
    console.log('[e2e] no build found; running npm run build');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('[e2e] build failed');
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'prospector-e2e-'));
  const server = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The production build; 'test' only adds the development mailbox, where the journeys read their mails.
      NODE_ENV: 'test',
      DATABASE_URL: '',
      // The AI provider journey points a user's provider at a fake model on 127.0.0.1.
      AI_PROVIDER_ALLOW_PRIVATE: 'true',
      // The architecture page's shared password (tests/e2e/architecture.spec.ts).
      ARCHITECTURE_PASSWORD: E2E_ARCHITECTURE_PASSWORD,
      // The webhook journeys deliver to a receiver on 127.0.0.1 (tests/e2e/webhooks.spec.ts).
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // Behind a proxy as in production: each test user signs up from an address of its own (users.ts), so
      // the run's many sign-ups do not hit the per-address sign-up limit meant for one client.
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Listening is enough here: its shared data loads while the server tests run, and each browser test file
  // waits for it (browser.ts) instead of every test waiting for it before the run starts.
  const baseUrl = await waitForUrl(server);
  console.log(`[e2e] server under test: ${baseUrl}`);
  project.provide('baseUrl', baseUrl);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

function waitForUrl(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`[e2e] server did not start in 60 s:\n${output}`)),
      60_000,
    );
    let started = false;
    const onData = (chunk: Buffer) => {
      // Once it listens, what the server logs (warnings and errors) is shown: a failing test is explained there.
      if (started) {
        process.stderr.write(`[e2e server] ${chunk.toString()}`);
        return;
      }
      output += chunk.toString();
      const match = output.match(/running at (http:\/\/\S+)/);
      if (match?.[1]) {
        started = true;
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', (chunk: Buffer) => {
      if (started) process.stderr.write(`[e2e server] ${chunk.toString()}`);
      else output += chunk.toString();
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`[e2e] server exited with ${code}:\n${output}`));
    });
  });
}
