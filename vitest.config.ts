import { defineConfig } from 'vitest/config';
import HeavyFirst from './tests/helpers/sequencer.ts';

export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    // The tests wait on PostgreSQL, PGlite and the browser more than they compute: three workers on this 2-core
    // machine (the default is one fewer than the cores) take the server tests on one database from 259 s to
    // 157 s (issue 26).
    maxWorkers: 3,
    sequence: { sequencer: HeavyFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          // Files share a worker's loaded modules instead of importing the server afresh each (issue 26: the
          // imports took 129 s of the run, 36 s shared; 361 s -> 302 s for the server tests). Each file still
          // makes its own databases and apps; nothing here mocks a module or changes the environment.
          isolate: false,
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Not `extends: true`: the root's global setup looks for PostgreSQL, which these tests never use.
        test: {
          // The screens' pure logic (search addresses, filters, formatting, text edits): no DOM, no database, no
          // server; a few seconds. Part of npm run test:quick.
          name: 'web',
          include: ['src/web/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          // Hostile input, concurrency and ledger properties (issue 21): npm run test:security.
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/server-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page settles in well under a second, but not on a loaded CI machine (the default is 1 s).
          expect: { poll: { timeout: 10_000 } },
          // Files run in parallel against the one server: each signs up users of its own (issue 26: 519 s one
          // file at a time, 368 s on two workers, on this 2-core machine). Two: each drives a browser. They run
          // after the server and security tests (a group of their own), not beside them.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
