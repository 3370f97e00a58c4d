import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { THEME_INIT_SCRIPT } from '../../shared/theme.ts';

const themeScriptHash = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;

/**
 * The app loads its own scripts, styles, images and fonts and talks only to its own API; the one inline
 * script is the theme initialiser, allowed by hash. Inline styles are allowed: server-rendered React markup
 * and Radix positioning set style attributes, and the dialogs' scroll lock injects a <style> element whose
 * content varies with the scrollbar width, so no hash can cover it. Scripts stay strict.
 */
export function securityHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", themeScriptHash],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
    strictTransportSecurity: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
