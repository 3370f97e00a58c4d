/**
 * A local webhook receiver for the tests (a real HTTP server on 127.0.0.1, so the deliveries go over the wire):
 * `/ok` answers 200, `/fail` 500, `/redirect` a 302, `/hang` never answers. It keeps what it received, and checks
 * signatures with the recipe the app documents (VERIFY_SNIPPET, run as the module a receiver would write).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { VERIFY_SNIPPET } from '../../src/shared/events.ts';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string; at: number };

export type WebhookReceiver = {
  url(path: 'ok' | 'fail' | 'redirect' | 'hang' | string): string;
  received: Received[];
  /** Resolves with the first request matching `match` (received already or still to come). */
  waitFor(match: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const waiters: { match: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const entry = { path: req.url ?? '/', headers: req.headers, body, at: Date.now() };
      received.push(entry);
      for (const waiter of [...waiters]) {
        if (waiter.match(entry)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(entry);
        }
      }
      if (entry.path.startsWith('/fail')) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver is down');
      } else if (entry.path.startsWith('/redirect')) {
        res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
      } else if (entry.path.startsWith('/hang')) {
        hanging.add(res);
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}/${path}`,
    received,
    waitFor(match, timeoutMs = 10_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching webhook arrived')), timeoutMs);
        waiters.push({
          match,
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Verify = (body: string, header: string, secret: string, toleranceSeconds?: number) => boolean;
let verifier: Promise<Verify> | null = null;

/** The documented verification recipe, loaded as a receiver would have it in a file of its own. */
export function documentedVerify(): Promise<Verify> {
  verifier ??= (async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'prospector-verify-')), 'verify.mjs');
    writeFileSync(file, VERIFY_SNIPPET);
    const module = (await import(pathToFileURL(file).href)) as { verify: Verify };
    return module.verify;
  })();
  return verifier;
}
