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
    // Read by the web-vitals benchmark to size the JavaScript each page needs for its first render.
    manifest: true,
  },
  server: {
    port: 5173,
    // The Host stays the dev server's, so the API's same-origin check sees the page's own origin.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
