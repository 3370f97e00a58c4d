import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, resolvePage } from './app/app.tsx';
import { isPrerendered } from './boot-markup.ts';
import { startDiagnostics } from './lib/diagnostics.ts';

// Spec 1 §9: errors, slow resources and web vitals are kept from the start (the "Copy diagnostics" report).
startDiagnostics();

// Spec 1 §2.1: a token query parameter on a landing address is removed from the address bar on load
// (elsewhere, such as /reset-password, the page itself needs it).
const url = new URL(window.location.href);
if (['/', '/auth', '/login'].includes(url.pathname) && url.searchParams.has('token')) {
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url);
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// The dev server leaves only the placeholder comment; a prerendered page has real elements; the signed-in
// addresses have the app frame's skeleton, which the app replaces rather than hydrates.
if (isPrerendered(root)) {
  // Prerendered page: load its chunk first so hydration matches the server markup without a suspend.
  const page = resolvePage(window.location.pathname);
  (page ? page.load() : Promise.resolve()).finally(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}
