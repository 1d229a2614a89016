import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
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
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
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

/** The server renderer's folder is an ES module package of its own (it may sit outside the repo). */
function esmPackage(): Plugin {
  return {
    name: 'carte-ssr-package',
    apply: (_config, env) => env.command === 'build' && Boolean(env.isSsrBuild),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'package.json', source: '{ "type": "module" }\n' });
    },
  };
}

/**
 * The guest layout's chunk (src/app/routes/guest-pages.ts) as one chunk with every module it imports
 * statically, directly or through others, and with the modules both the chat page and the menu page
 * import statically (product cards, the cart's controls): the build's import graph decides.
 * Otherwise rolldown splits every module the checkout's lazy dialogs or the two pages share with it
 * into a chunk of its own: a dozen responses of ~0.5 KB of headers each, all downloaded at start.
 * Only static imports count, so nothing lazy (the dialogs, the address form, the staff area) is
 * pulled into it.
 */
function guestChunkGraph(): { plugin: Plugin; includes: (id: string) => boolean } {
  const source = (file: string) => fileURLToPath(new URL(`./src/app/routes/${file}`, import.meta.url));
  const imports = new Map<string, readonly string[]>();
  let members: Set<string> | undefined;
  const closure = (root: string) => {
    const found = new Set<string>();
    const queue = [root];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (found.has(next)) continue;
      found.add(next);
      queue.push(...(imports.get(next) ?? []));
    }
    return found;
  };
  const plugin: Plugin = {
    name: 'carte-guest-chunk-graph',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    buildStart() {
      imports.clear();
      members = undefined;
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
  };
  const includes = (id: string) => {
    if (!members) {
      members = closure(source('guest-pages.ts'));
      const menu = closure(source('menu-page.tsx'));
      for (const shared of closure(source('chat-page.tsx'))) if (menu.has(shared)) members.add(shared);
      // The pages themselves stay their own chunks (a page imports nothing of the other).
      members.delete(source('menu-page.tsx'));
      members.delete(source('chat-page.tsx'));
    }
    return members.has(id);
  };
  return { plugin, includes };
}

const guestGraph = guestChunkGraph();

// `npx vite` serves the web app alone; API and media requests go to a running Carte server.
const apiTarget = process.env.CARTE_SERVER_URL ?? 'http://127.0.0.1:3000';

// `vite build` builds the browser app into dist (with .vite/manifest.json, which the server reads
// to preload a guest page's chunk); `vite build --ssr src/entry-server.tsx --outDir dist/server`
// builds the server renderer of the guest pages, self-contained (its dependencies bundled), so a
// build folder works wherever WEB_DIST points.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), buildId(), esmPackage(), guestGraph.plugin],
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true, target: 'node' as const },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
  server: {
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
    },
  },
  build: {
    target: isSsrBuild ? 'node20' : 'es2022',
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // Every browser we support has native modulepreload: skip the polyfill bytes.
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
    // src/boot.ts: the first script of a server-rendered guest page, which starts the app once the
    // page has painted from its HTML (the server reads its file name from the manifest).
    ...(isSsrBuild
      ? {}
      : {
          rollupOptions: {
            input: { index: 'index.html', boot: 'src/boot.ts' },
            output: {
              // What the entry needs (React, the router, the strings, the shell) as one chunk instead of
              // a dozen small ones: each response costs ~0.45 KB of headers and a request on a slow link.
              // Not the entry modules themselves: main.tsx awaits the guest chunk at its top level, and
              // that chunk imports this one (in one chunk they would wait for each other forever);
              // boot.ts must stay its own few hundred bytes; the stylesheet stays the entry's (the server
              // inlines it into the page, and a chunk's CSS would be fetched again with its imports).
              codeSplitting: {
                groups: [
                  {
                    name: 'app',
                    tags: ['$initial'],
                    test: (id) => !/([\\/](src[\\/]main\.tsx|src[\\/]boot\.ts|index\.html)|\.css)$/.test(id),
                    priority: 2,
                  },
                  { name: 'guest', test: (id) => !id.endsWith('.css') && guestGraph.includes(id), priority: 1 },
                ],
              },
            },
          },
        }),
  },
}));
