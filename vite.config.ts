import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { THEME_INIT_SCRIPT } from './src/shared/theme.ts';

/** Puts the theme initialiser inline in <head> so the first paint already has the right theme. */
function themeInit(): Plugin {
  return {
    name: 'prospector-theme-init',
    transformIndexHtml: (html) => html.replace('<!--theme-init-->', `<script>${THEME_INIT_SCRIPT}</script>`),
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), themeInit()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    // Images are referenced by URL; never inline them into JS.
    assetsInlineLimit: 0,
    // Read by scripts/bundle-report.ts (the build's per-route table and budget) and the web-vitals benchmark.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The app entry and everything it imports statically in one chunk: every page needs all of it to
          // render, and left alone Rolldown split the modules lazy pages share with it (React, the router,
          // tailwind-merge, the button...) into ~15 files, 6 KB more gzip than one. Vite's preload helper goes
          // with the page's entry script (index.html, boot.ts), as it did before: in main, boot would load and
          // run main at once instead of after the first paint; in a file of its own, it is one more request
          // before boot runs (Lighthouse's simulated LCP took one round trip more in some runs).
          groups: [
            {
              name: 'index',
              test: /^\0vite[\\/]preload-helper|src[\\/]web[\\/](index\.html|boot\.ts)$/,
              priority: 1,
            },
            { name: 'main', test: /src[\\/]web[\\/]main\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // The Host stays the dev server's, so the API's same-origin check sees the page's own origin.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
