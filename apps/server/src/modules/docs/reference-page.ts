/**
 * The API reference page (GET /api/docs), rendered on the server from the OpenAPI document: one
 * section per resource, one collapsible entry per operation with its authentication, parameters,
 * body, answers and error codes. Plain HTML and one style sheet: usable by keyboard (details and
 * summary) and at 360 px, and nothing loaded from elsewhere.
 */

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function esc(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Inline code in the document's prose (`x`) as <code>. */
function prose(text: string): string {
  return esc(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function authText(security: Operation['security']): string {
  if (!security || security.length === 0) return 'None (public)';
  const schemes = security.map((s) => Object.keys(s)[0]).filter(Boolean);
  const kinds = schemes.map((s) => (s === 'bearerAuth' ? 'Bearer access token' : 'session cookie')).join(' or ');
  return security.some((s) => Object.keys(s).length === 0) ? `Optional: ${kinds}` : `Staff: ${kinds}`;
}

function json(value: unknown): string {
  return `<pre><code>${esc(JSON.stringify(value, null, 2))}</code></pre>`;
}

function renderOperation(method: string, path: string, op: Operation): string {
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
  const parts: string[] = [];
  if (op.description) parts.push(`<p>${prose(op.description)}</p>`);
  parts.push(`<p><strong>Authentication:</strong> ${esc(authText(op.security))}</p>`);
  if (op.parameters?.length) {
    const rows = op.parameters
      .map(
        (p) =>
          `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td>` +
          `<td>${p.description ? prose(p.description) : ''}<details><summary>schema</summary>${json(p.schema ?? {})}</details></td></tr>`,
      )
      .join('');
    parts.push(
      `<h4>Parameters</h4><div class="scroll"><table><thead><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr></thead><tbody>${rows}</tbody></table></div>`,
    );
  }
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
    parts.push(`<h4>Body (${esc(type)})</h4>${json(media.schema ?? {})}`);
  }
  const answers = Object.entries(op.responses ?? {})
    .map(([status, r]) => {
      const body = Object.entries(r.content ?? {})
        .map(([type, media]) => `<p>${esc(type)}</p>${json(media.schema ?? {})}`)
        .join('');
      return `<details><summary>${esc(status)}: ${esc((r.description ?? '').split('\n').join('; '))}</summary>${body}</details>`;
    })
    .join('');
  parts.push(`<h4>Answers</h4>${answers}`);
  return (
    `<details class="op" id="${esc(id)}"><summary><span class="m m-${method}">${method.toUpperCase()}</span> ` +
    `<code>${esc(path)}</code> ${esc(op.summary ?? '')}</summary><div class="body">${parts.join('')}</div></details>`
  );
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1c1917;background:#fafaf9}
main{max-width:70rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:1px solid #d6d3d1}
code,pre{font-family:ui-monospace,monospace;font-size:.85rem}
pre{background:#f5f5f4;padding:.5rem;overflow:auto;max-height:30rem}
details.op{border:1px solid #d6d3d1;border-radius:.4rem;margin:.4rem 0;background:#fff}
details.op>summary{padding:.5rem;cursor:pointer;overflow-wrap:anywhere}
summary:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.body{padding:0 .75rem .75rem}
.m{display:inline-block;min-width:4.2rem;font-weight:700}
.m-get{color:#166534}.m-post{color:#1e40af}.m-patch{color:#92400e}.m-delete{color:#991b1b}.m-put{color:#6b21a8}
.scroll{overflow-x:auto}table{border-collapse:collapse}td,th{border:1px solid #d6d3d1;padding:.25rem .5rem;vertical-align:top;text-align:left}
`;

export function renderReference(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, op)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const nav = tags.map((t) => `<li><a href="#tag-${esc(t)}">${esc(t)}</a></li>`).join('');
  const sections = tags
    .map(
      (t) =>
        `<section aria-labelledby="tag-${esc(t)}"><h2 id="tag-${esc(t)}">${esc(t)}</h2>${byTag.get(t)!.join('')}</section>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${esc(doc.info.title)} reference</title><style>${STYLE}</style></head><body><main>` +
    `<h1>${esc(doc.info.title)} ${esc(doc.info.version)}</h1>` +
    `<p>${prose(doc.info.description ?? '')}</p>` +
    `<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${esc(doc.openapi)}).</p>` +
    `<nav aria-label="Resources"><ul>${nav}</ul></nav>${sections}</main></body></html>`
  );
}
