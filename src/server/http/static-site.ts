import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { APP_PATHS, isKnownPath, matches, PRERENDERED_PATHS } from '../../shared/routes.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

type StaticFile = {
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer> | null;
  type: string;
  etag: string;
  cacheControl: string;
};

/** Where the prerender step writes each public page: dist/client/pages/<name>.html. */
export function prerenderedFileName(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1).replaceAll('/', '_')}.html`;
}

/** Where the build writes the HTML of the signed-in addresses: the app's frame, painted before its JavaScript. */
export const APP_SHELL_FILE = '_app-shell.html';

/** A signed-in address with the sidebar (onboarding has none). */
const hasAppFrame = (path: string) =>
  path !== '/onboarding' && APP_PATHS.some((pattern) => matches(pattern, path));

/**
 * The built web app, held in memory (it is a few megabytes) with gzip variants made once at start,
 * so serving a page or an asset costs no disk read and no per-request compression.
 */
export class StaticSite {
  private readonly files = new Map<string, StaticFile>();
  private readonly pages = new Map<string, StaticFile>();
  private readonly shell: StaticFile | null;
  private readonly appShell: StaticFile | null = null;

  constructor(readonly dir: string) {
    if (!existsSync(join(dir, 'index.html'))) {
      this.shell = null;
      return;
    }
    for (const file of walk(dir)) {
      const urlPath = `/${relative(dir, file).split('\\').join('/')}`;
      // Prerendered pages are served by route below; the Vite manifest (.vite/) is build metadata, not content.
      if (urlPath.startsWith('/pages/') || urlPath.startsWith('/.vite/')) continue;
      this.files.set(urlPath, load(file, cacheControlFor(urlPath)));
    }
    for (const path of PRERENDERED_PATHS) {
      const file = join(dir, 'pages', prerenderedFileName(path));
      if (existsSync(file)) this.pages.set(path, load(file, 'no-cache'));
    }
    this.shell = load(join(dir, 'index.html'), 'no-cache');
    const appShell = join(dir, 'pages', APP_SHELL_FILE);
    if (existsSync(appShell)) this.appShell = load(appShell, 'no-cache');
    this.files.delete('/index.html');
  }

  get built(): boolean {
    return this.shell !== null;
  }

  /** A file of the build (asset, image), or undefined. */
  asset(pathname: string): StaticFile | undefined {
    return this.files.get(pathname);
  }

  /** The HTML for a page path: its prerendered markup, the app shell, or the shell with status 404. */
  page(pathname: string): { file: StaticFile; status: 200 | 404 } | null {
    if (!this.shell) return null;
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const prerendered = this.pages.get(path);
    if (prerendered) return { file: prerendered, status: 200 };
    if (this.appShell && hasAppFrame(path)) return { file: this.appShell, status: 200 };
    return { file: this.shell, status: isKnownPath(path) ? 200 : 404 };
  }
}

export function sendStatic(c: Context, file: StaticFile, status: 200 | 404 = 200): Response {
  if (c.req.header('if-none-match') === file.etag && status === 200) {
    return new Response(null, {
      status: 304,
      headers: { etag: file.etag, 'cache-control': file.cacheControl },
    });
  }
  const headers: Record<string, string> = {
    'content-type': file.type,
    etag: file.etag,
    'cache-control': file.cacheControl,
    vary: 'Accept-Encoding',
  };
  const acceptsGzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  if (file.gzip && acceptsGzip) {
    headers['content-encoding'] = 'gzip';
    return new Response(c.req.method === 'HEAD' ? null : file.gzip, { status, headers });
  }
  return new Response(c.req.method === 'HEAD' ? null : file.body, { status, headers });
}

function cacheControlFor(urlPath: string): string {
  // Vite puts a content hash in every /assets/ file name, so those never change.
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

function load(file: string, cacheControl: string): StaticFile {
  const body = new Uint8Array(readFileSync(file));
  const ext = extname(file);
  const gzip =
    COMPRESSIBLE.has(ext) && body.length > 512 ? new Uint8Array(gzipSync(body, { level: 9 })) : null;
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, gzip, type: CONTENT_TYPES[ext] ?? 'application/octet-stream', etag, cacheControl };
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}
