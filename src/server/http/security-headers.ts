import { createHash } from 'node:crypto';
import { THEME_INIT_SCRIPT } from '../../shared/theme.ts';

const themeScriptHash = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;

/**
 * For everything a browser may render (pages, assets, downloads). The app loads its own scripts, styles,
 * images and fonts and talks only to its own API; the one inline script is the theme initialiser, allowed by
 * hash. Inline styles are allowed: server-rendered React markup and Radix positioning set style attributes,
 * and the dialogs' scroll lock injects a <style> element whose content varies with the scrollbar width, so
 * no hash can cover it. Scripts stay strict.
 */
const DOCUMENT_HEADERS: ReadonlyArray<readonly [string, string]> = [
  [
    'Content-Security-Policy',
    [
      "default-src 'self'",
      `script-src 'self' ${themeScriptHash}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "manifest-src 'self'",
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  ],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  // Helmet's defaults for older browsers and plug-ins, as pages always had them.
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/**
 * For API data (JSON, server-sent events), which nothing renders: OWASP's set for REST responses. A policy
 * that allows nothing at all, should one ever be opened as a page, and the headers that stop sniffing,
 * framing and cross-origin reads. Half the headers of a page: on a cheap request such as /api/health, the
 * page set was a quarter of what the whole request cost. Downloads under /api (CSV, DOCX, PDF) get this set:
 * they are saved, never rendered as pages of the app.
 */
const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

/** The security headers of a response, by its path: set on Node's response before the app runs (node-listener.ts). */
export function securityHeaders(path: string): ReadonlyArray<readonly [string, string]> {
  return API_DATA.test(path) ? API_HEADERS : DOCUMENT_HEADERS;
}

/** The API's paths, but for its documentation page and that page's stylesheet. */
const API_DATA = /^\/api\/(?!docs(\.css)?(\?|$))/;
