/**
 * The chat's two HTML boundaries.
 *
 * - `sanitizeReplyHtml`: the last step before a reply leaves the server. The reply was rendered by
 *   our own renderer with every text escaped; this allow-list pass (p, ul, ol, li, strong, em, br, no
 *   attributes except class="note" on p; for the staff chat's change cards also del, ins and
 *   class="change" on p and ul, class="confirm" on p) makes sure nothing else can get through even if a renderer
 *   or provider gets it wrong: any other tag is shown as text, never interpreted.
 * - `htmlToText`: history comes back from the browser as HTML and is never trusted; providers only
 *   ever see its text.
 */

const ALLOWED = new Set(['p', 'ul', 'ol', 'li', 'strong', 'em', 'br', 'del', 'ins']);
/** The only class attributes kept, per tag. */
const CLASSES: Record<string, readonly string[]> = { p: ['note', 'change', 'confirm'], ul: ['change'] };
const VOID = new Set(['br']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^<>]*)>/g;
const ENTITY = /^&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/;

/**
 * Escapes a run of text; keeps well-formed entities. Script-looking words are written with a
 * character reference so the reply holds no `javascript:` or `on...=` handler text even as escaped
 * prose (it reads the same on the page).
 */
function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '<') out += '&lt;';
    else if (c === '>') out += '&gt;';
    else if (c === '"') out += '&quot;';
    else if (c === '&') {
      const m = ENTITY.exec(text.slice(i, i + 40));
      if (m) {
        out += m[0];
        i += m[0].length - 1;
      } else out += '&amp;';
    } else out += c;
  }
  return out
    .replace(/\b(java|vb)script\s*:/gi, (m) => m.replace(':', '&#58;'))
    .replace(/\bon([a-z]+\s*=)/gi, (m, rest: string) => `&#${m.charCodeAt(0)};n${rest}`);
}

export function sanitizeReplyHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let last = 0;
  for (const m of html.matchAll(TAG)) {
    out += escapeText(html.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === '/';
    const name = m[2]!.toLowerCase();
    const attrs = m[3]!.trim();
    if (!ALLOWED.has(name)) {
      out += escapeText(m[0]);
      continue;
    }
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue; // a stray closing tag is dropped
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (VOID.has(name)) {
      if (attrs === '' || attrs === '/') out += '<br>';
      else out += escapeText(m[0]);
      continue;
    }
    const cls = /^class\s*=\s*"([a-z]+)"$/.exec(attrs)?.[1];
    const kept = cls !== undefined && (CLASSES[name]?.includes(cls) ?? false) ? cls : undefined;
    if (attrs !== '' && !kept) {
      out += escapeText(m[0]);
      continue;
    }
    open.push(name);
    out += kept ? `<${name} class="${kept}">` : `<${name}>`;
  }
  out += escapeText(html.slice(last));
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** Plain text of a history message: tags removed (blocks become line breaks), entities decoded. */
export function htmlToText(html: string): string {
  const withoutScripts = html.replace(/<(script|style|template)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ');
  const text = withoutScripts
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|ul|ol|h[1-6])\s*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<[^>]*>?/g, ' ');
  return decodeEntities(text)
    .replace(/[ \t\f\v]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}
