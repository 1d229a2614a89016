/**
 * The first script of a server-rendered guest page (apps/server/src/modules/web/ssr.ts puts it
 * where the app's entry script was). The page is complete as HTML: the menu, its prices and the
 * first photos paint from the server's markup. The scripts that make it interactive (about ten
 * times the HTML's size) are requested once the page has loaded and painted, so on a slow link they
 * never compete with the first screen's photos; the controls stay disabled until React takes over.
 *
 * The entry scripts and their module preloads are listed on this script's own tag (data-entry,
 * data-preload, each a space-separated list).
 * No imports: this file is its own few hundred bytes.
 */
const tag = document.querySelector<HTMLScriptElement>('script[data-entry]');
/** An image that never arrives must not keep the page from working: start anyway after this. */
const LOAD_WAIT_MS = 3000;
let started = false;

function start(): void {
  if (started || !tag) return;
  started = true;
  // All the preloads in one insertion (one change to the document, not one per file).
  const links = (tag.dataset.preload ?? '')
    .split(' ')
    .filter(Boolean)
    .map((href) => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      return link;
    });
  document.head.append(...links);
  for (const entry of (tag.dataset.entry ?? '').split(' ')) {
    if (entry) void import(/* @vite-ignore */ entry);
  }
}

/** After the next frame: the page's first paint (and its largest one) comes before any script. */
const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));

if (document.readyState === 'complete') afterPaint();
else {
  addEventListener('load', afterPaint, { once: true });
  setTimeout(start, LOAD_WAIT_MS);
}
