/**
 * Production build: images -> client bundle (Vite) -> prerendered public pages -> server bundle.
 * `npm start` runs it when dist/ is missing or older than the sources.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as viteBuild } from 'vite';
import { openDatabase } from '../src/server/db/client.ts';
import { seedReferenceData } from '../src/server/db/seed/seed.ts';
import { APP_SHELL_FILE, prerenderedFileName } from '../src/server/http/static-site.ts';
import { databaseTemplateFile } from '../src/server/paths.ts';
import { PRERENDERED_PATHS } from '../src/shared/routes.ts';
import { pageMeta } from '../src/web/app/page-meta.ts';
import { bundleReport } from './bundle-report.ts';
import { bundleServer } from './server-bundle.ts';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const started = Date.now();
const step = (name: string) =>
  console.log(`[build] ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

step('images');
execFileSync(
  process.execPath,
  [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build-images.ts')],
  {
    stdio: 'inherit',
  },
);

step('client bundle');
rmSync(dist, { recursive: true, force: true });
await viteBuild({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });

step('prerender');
await viteBuild({
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: join(root, 'src/web/prerender.tsx'),
    outDir: join(dist, 'ssr'),
    emptyOutDir: true,
    copyPublicDir: false,
  },
});
const { renderPage, renderAppShell } = (await import(pathToFileURL(join(dist, 'ssr/prerender.js')).href)) as {
  renderPage: (url: string) => Promise<string>;
  renderAppShell: () => string;
};
const template = readFileSync(join(dist, 'client/index.html'), 'utf8');
mkdirSync(join(dist, 'client/pages'), { recursive: true });
for (const path of PRERENDERED_PATHS) {
  const meta = pageMeta(path);
  const html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, `$1${escapeHtml(meta.description)}$2`)
    .replace('<!--app-html-->', await renderPage(path));
  writeFileSync(join(dist, 'client/pages', prerenderedFileName(path)), html);
}
// The signed-in addresses get the app's frame at once (sidebar and skeleton), painted before any JavaScript.
writeFileSync(
  join(dist, 'client/pages', APP_SHELL_FILE),
  template.replace('<!--app-html-->', renderAppShell()),
);
rmSync(join(dist, 'ssr'), { recursive: true, force: true });

step('database template');
// A new embedded database starts as a copy of this one (migrated, with the reference data, no user data)
// instead of running initdb.
const templateFile = databaseTemplateFile();
if (templateFile) {
  const database = await openDatabase({ mode: 'pglite', dataDir: null, template: null });
  await database.migrate();
  await seedReferenceData(database.db);
  const dump = await database.thread?.dump();
  await database.close();
  if (dump) {
    mkdirSync(dirname(templateFile), { recursive: true });
    writeFileSync(templateFile, dump);
  }
}

step('server bundle');
await bundleServer(join(dist, 'server'));

step('bundle report');
// Over the landing page's JavaScript budget the build fails, unstamped (issue 22).
if (!bundleReport(join(dist, 'client'))) process.exit(1);

writeFileSync(join(dist, '.build-stamp'), new Date().toISOString());
step('done');

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] ?? ch,
  );
}
