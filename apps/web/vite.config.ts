import { createHash } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * The build's id (spec 7: builds/latest.json): a hash of every emitted file name (they carry content
 * hashes), so the same sources give the same id. Written into index.html (meta carte-build: the id
 * the page boots with) and into builds/latest.json, which the server answers with no-cache.
 */
function buildId(): Plugin {
  return {
    name: 'carte-build-id',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const names = Object.keys(bundle)
        .filter((name) => name !== 'index.html')
        .sort();
      const id = createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 16);
      const html = bundle['index.html'];
      if (html?.type === 'asset') {
        html.source = String(html.source).replace('</head>', `<meta name="carte-build" content="${id}"></head>`);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: `${JSON.stringify({ id, builtAt: new Date().toISOString() })}\n`,
      });
    },
  };
}

// `npx vite` serves the web app alone; API and media requests go to a running Carte server.
const apiTarget = process.env.CARTE_SERVER_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), buildId()],
  server: {
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
    },
  },
  build: {
    target: 'es2022',
    // Every browser we support has native modulepreload: skip the polyfill bytes.
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
  },
});
