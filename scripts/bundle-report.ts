/**
 * The JavaScript each route needs for its first render, read from Vite's manifest and gzipped as the server
 * sends it (level 9, src/server/http/static-site.ts): the entry (index.html), the app it loads after the first
 * paint (src/web/boot.ts), the route's page chunks, and everything those import statically. Lazy chunks a page
 * fetches later (dialogs, the toaster, prefetches) are not counted.
 * `npm run build` prints the table and fails when the landing page needs more than LANDING_BUDGET_KB (issue 22);
 * `npx tsx scripts/bundle-report.ts` prints it for the current dist/.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PRERENDERED_PATHS } from '../src/shared/routes.ts';

export const LANDING_BUDGET_KB = 120;

const ROOT = join(import.meta.dirname, '..');

/** The main signed-in routes and the page module each renders inside the signed-in layout (src/web/app/app.tsx). */
const APP_ROUTES: Readonly<Record<string, string>> = {
  '/app': 'features/home/pages/home-page.tsx',
  '/sales-account-development': 'features/companies/pages/company-finder-page.tsx',
  '/people-finder-master': 'features/people/pages/people-finder-page.tsx',
  '/chat': 'features/copilot/pages/chat-page.tsx',
  '/account-management': 'features/prospects/pages/account-management-page.tsx',
  '/sales-knowledge-agent': 'features/knowledge/pages/knowledge-agent-page.tsx',
  '/instant-sales-answers': 'features/answers/pages/sales-answers-page.tsx',
  '/automated-rfp-responses': 'features/rfp/pages/rfp-projects-page.tsx',
  '/sales-document-generation': 'features/docgen/pages/document-generation-page.tsx',
  '/credits': 'features/credits/pages/credits-page.tsx',
};
const SIGNED_IN_LAYOUT = 'app/signed-in-app.tsx';

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;
type Row = { route: string; page: string; files: number; kb: number };

/**
 * Which page module each public path renders, read from the `page(() => import('...'))` table of
 * src/web/app/pages.tsx, so a new public page is measured without being listed twice.
 */
function publicPageModules(): Map<string, string> {
  const source = readFileSync(join(ROOT, 'src/web/app/pages.tsx'), 'utf8');
  const moduleOf = new Map(
    [...source.matchAll(/(\w+): page\(\s*\(\) => import\('([^']+)'\)/g)].map(
      ([, name, specifier]) => [name, posix.join('app', specifier ?? '')] as const,
    ),
  );
  const byPath = new Map<string, string>();
  for (const [, path, name] of source.matchAll(/'([^']+)': pages\.(\w+)/g)) {
    const module = moduleOf.get(name ?? '');
    if (path && module) byPath.set(path, module);
  }
  return byPath;
}

/** Prints the table; returns false when the landing page is over budget or a route cannot be measured. */
export function bundleReport(clientDir: string): boolean {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gzipped = new Map<string, number>();
  const gzipKb = (file: string) => {
    let bytes = gzipped.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;
      gzipped.set(file, bytes);
    }
    return bytes / 1024;
  };

  const problems: string[] = [];
  const missing = new Set<string>();
  const firstRender = (route: string, modules: string[]): Row => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) {
        if (!missing.has(key)) problems.push(`${key} (${route}) is not in the Vite manifest`);
        missing.add(key);
        return;
      }
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit('index.html');
    // boot.ts imports the app once the page is painted: part of every first render.
    for (const app of manifest['index.html']?.dynamicImports ?? []) visit(app);
    for (const module of modules) visit(module);
    const js = [...files].filter((file) => file.endsWith('.js'));
    const page = modules.at(-1) ?? '';
    return {
      route,
      page: page.slice(page.lastIndexOf('/') + 1).replace(/\.tsx?$/, ''),
      files: js.length,
      kb: js.reduce((sum, file) => sum + gzipKb(file), 0),
    };
  };

  const pages = publicPageModules();
  const rows: Row[] = [];
  for (const route of PRERENDERED_PATHS) {
    const module = pages.get(route);
    if (module) rows.push(firstRender(route, [module]));
    else problems.push(`${route}: no page module for it in src/web/app/pages.tsx`);
  }
  for (const [route, module] of Object.entries(APP_ROUTES)) {
    rows.push(firstRender(route, [SIGNED_IN_LAYOUT, module]));
  }

  const width = Math.max(...rows.map((row) => row.route.length), 'route'.length);
  console.log('[bundle] first-render JavaScript per route (gzip level 9):');
  console.log(`  ${'route'.padEnd(width)}  files  gzip KB  page chunk`);
  for (const row of rows) {
    console.log(
      `  ${row.route.padEnd(width)}  ${String(row.files).padStart(5)}  ${row.kb.toFixed(1).padStart(7)}  ${row.page}`,
    );
  }
  const main = manifest['index.html']?.dynamicImports?.[0];
  const mainFile = main ? manifest[main]?.file : undefined;
  if (mainFile) console.log(`  (${mainFile}, on every route: ${gzipKb(mainFile).toFixed(1)} KB)`);

  const landing = rows.find((row) => row.route === '/');
  if (landing && landing.kb > LANDING_BUDGET_KB) {
    problems.push(
      `the landing page needs ${landing.kb.toFixed(1)} KB gzip of JavaScript for its first render, over the ` +
        `${LANDING_BUDGET_KB} KB budget (issue 22): keep what it does not show out of its chunks (React.lazy)`,
    );
  }
  for (const problem of problems) console.error(`[bundle] ${problem}`);
  return problems.length === 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(bundleReport(join(ROOT, 'dist/client')) ? 0 : 1);
}
