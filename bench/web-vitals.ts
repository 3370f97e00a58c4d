/**
 * Lighthouse (mobile emulation, simulated throttling) on the public pages of the production build,
 * plus the JavaScript and CSS each page loads for its first render (gzip bytes on the wire).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../tests/e2e/browser-flags.ts';
import { type Figure, freePort, ROOT, report, startProcess, stop, waitFor200 } from './lib.ts';

/** Each measured route and the page module it renders (as named in the Vite manifest; see src/web/app/pages.tsx). */
const ROUTES: Record<string, string> = {
  '/': 'features/marketing/pages/landing-page.tsx',
  '/enhanced-pricing': 'features/marketing/pages/enhanced-pricing-page.tsx',
  '/product': 'features/marketing/pages/product-page.tsx',
};

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };

/**
 * The JavaScript and CSS a route needs for its first render: the boot entry, the app it loads after the
 * first paint (src/web/boot.ts), the route's page chunk and everything they import statically (lazy chunks
 * such as the auth modal or later prefetches excluded).
 */
function firstRenderKb(pageModule: string): { js: number; css: number } {
  const dist = join(ROOT, 'dist/client');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit('main.tsx');
  visit(pageModule);
  const kb = (ext: string) =>
    [...files]
      .filter((file) => file.endsWith(ext))
      .reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0) / 1024;
  return { js: Math.round(kb('.js') * 10) / 10, css: Math.round(kb('.css') * 10) / 10 };
}
const RUNS = 3;

type Run = {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  scriptKb: number;
  cssKb: number;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function benchWebVitals(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'prospector-lh-'));
  const port = await freePort();
  const server = startProcess('npm', ['start', '--silent'], {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  });
  const figures: Figure[] = [];
  const details: Record<string, Run> = {};
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/health`, performance.now());
    for (const [route, pageModule] of Object.entries(ROUTES)) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`http://127.0.0.1:${port}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${route}`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const resources = (
          lhr.audits['resource-summary']?.details as {
            items?: { resourceType: string; transferSize: number }[];
          }
        )?.items;
        const size = (type: string) =>
          Math.round(((resources?.find((r) => r.resourceType === type)?.transferSize ?? 0) / 1024) * 10) / 10;
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: Math.round(audit('largest-contentful-paint')),
          fcp: Math.round(audit('first-contentful-paint')),
          cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
          tbt: Math.round(audit('total-blocking-time')),
          scriptKb: size('script'),
          cssKb: size('stylesheet'),
        });
      }
      const m: Run = {
        score: median(runs.map((r) => r.score)),
        lcp: median(runs.map((r) => r.lcp)),
        fcp: median(runs.map((r) => r.fcp)),
        cls: median(runs.map((r) => r.cls)),
        tbt: median(runs.map((r) => r.tbt)),
        scriptKb: median(runs.map((r) => r.scriptKb)),
        cssKb: median(runs.map((r) => r.cssKb)),
      };
      details[route] = m;
      figures.push(
        { name: `${route} performance score`, value: m.score, unit: '', target: '>= 95', ok: m.score >= 95 },
        { name: `${route} LCP`, value: m.lcp, unit: 'ms', target: '<= 1500 ms', ok: m.lcp <= 1500 },
        { name: `${route} CLS`, value: m.cls, unit: '', target: '<= 0.05', ok: m.cls <= 0.05 },
        { name: `${route} TBT`, value: m.tbt, unit: 'ms', target: '<= 150 ms', ok: m.tbt <= 150 },
      );
      const firstRender = firstRenderKb(pageModule);
      figures.push(
        {
          name: `${route} first-render JS (gzip)`,
          value: firstRender.js,
          unit: 'KB',
          target: '<= 120 KB',
          ok: firstRender.js <= 120,
        },
        {
          name: `${route} first-render CSS (gzip)`,
          value: firstRender.css,
          unit: 'KB',
          target: 'info',
          ok: true,
        },
        // Everything fetched while Lighthouse watched, including the idle prefetch of other pages.
        { name: `${route} JS transferred`, value: m.scriptKb, unit: 'KB', target: 'info', ok: true },
        { name: `${route} CSS transferred`, value: m.cssKb, unit: 'KB', target: 'info', ok: true },
      );
    }
    report('web-vitals', figures, { runsPerRoute: RUNS, medians: details });
    return figures;
  } finally {
    chrome.kill();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('web-vitals.ts')) {
  await benchWebVitals();
}
