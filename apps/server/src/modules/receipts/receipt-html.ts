import type { ReceiptView } from './receipt-view.ts';

/** The page's one style sheet (its hash goes in the page's CSP). */
export const RECEIPT_STYLE = `
  :root { color: #1a1a1a; background: #fff; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans Thai", sans-serif; }
  body { margin: 0; padding: 24px 16px; }
  main { max-width: 34rem; margin: 0 auto; }
  h1 { font-size: 1.35rem; margin: 0 0 4px; }
  h2 { font-size: 1rem; margin: 20px 0 6px; }
  p { margin: 0; }
  .seller { margin-bottom: 16px; }
  .muted { color: #555; }
  table { width: 100%; border-collapse: collapse; }
  th, td { padding: 4px 0; vertical-align: top; text-align: left; font-weight: normal; }
  td:last-child, th.num { text-align: right; white-space: nowrap; padding-left: 12px; }
  .meta th { color: #555; width: 45%; }
  .lines { border-top: 1px solid #ccc; border-bottom: 1px solid #ccc; margin-top: 16px; }
  .lines td.qty { width: 3.2rem; white-space: nowrap; }
  .lines .details { color: #555; font-size: 0.9em; }
  .totals { margin-top: 8px; }
  .totals tr.strong th, .totals tr.strong td { font-weight: 700; font-size: 1.1em; border-top: 1px solid #1a1a1a; padding-top: 8px; }
  .tax th, .tax td { text-align: right; }
  .tax th:first-child, .tax td:first-child { text-align: left; }
  .tax thead th { color: #555; border-bottom: 1px solid #ccc; }
  .actions { margin-top: 24px; display: flex; gap: 12px; flex-wrap: wrap; }
  .actions a { color: #1a1a1a; padding: 10px 14px; border: 1px solid #1a1a1a; border-radius: 6px; text-decoration: none; }
  footer { margin-top: 20px; }
  @media print { body { padding: 0; } .actions { display: none; } }
`;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The receipt as a page the guest prints or saves (GET /api/order/receipt?format=html): no script, no
 * outside resource, one column that fits a phone and an A4 sheet.
 */
export function renderReceiptHtml(view: ReceiptView, pdfUrl: string): string {
  const e = escape;
  const { seller } = view;
  const row = (label: string, value: string, strong = false) =>
    `<tr${strong ? ' class="strong"' : ''}><th scope="row">${e(label)}</th><td>${e(value)}</td></tr>`;
  return `<!doctype html>
<html lang="${view.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(view.title)} ${e(view.meta[0]![1])} · ${e(seller.name)}</title>
<style>${RECEIPT_STYLE}</style>
</head>
<body>
<main>
<header class="seller">
<h1>${e(seller.name)}</h1>
${seller.legalName ? `<p>${e(seller.legalName)}</p>` : ''}
${seller.address.map((l) => `<p>${e(l)}</p>`).join('\n')}
${seller.taxId ? `<p>${e(seller.taxId)}</p>` : ''}
</header>
<h2>${e(view.title)}</h2>
<table class="meta"><tbody>
${view.meta.map(([l, v]) => row(l, v)).join('\n')}
</tbody></table>
<table class="lines"><tbody>
${view.lines
  .map(
    (l) =>
      `<tr><td class="qty">${e(l.quantity)}</td><td>${e(l.name)}${l.details
        .map((d) => `<div class="details">${e(d)}</div>`)
        .join('')}</td><td>${e(l.amount)}</td></tr>`,
  )
  .join('\n')}
</tbody></table>
<table class="totals"><tbody>
${view.totals.map(([l, v, strong]) => row(l, v, strong)).join('\n')}
</tbody></table>
${
  view.taxTable
    ? `<h2>${e(view.taxTable.heading)}</h2>
<p class="muted">${e(view.taxTable.note)}</p>
<table class="tax"><thead><tr>${view.taxTable.columns.map((c) => `<th scope="col">${e(c)}</th>`).join('')}</tr></thead><tbody>
${view.taxTable.rows.map((r) => `<tr>${r.map((c) => `<td>${e(c)}</td>`).join('')}</tr>`).join('\n')}
</tbody></table>`
    : ''
}
<footer>
<p>${e(view.payment)}</p>
${view.creditNotes.map((n) => `<p>${e(n)}</p>`).join('\n')}
<p class="muted">${e(view.thanks)}</p>
</footer>
<p class="actions"><a href="${e(pdfUrl)}" download="${e(view.filename)}">PDF</a></p>
</main>
</body>
</html>
`;
}
