import { escapeHtml, renderReplyHtml, type RichText } from '../types.ts';
import type { StaffBlock } from './types.ts';

/**
 * The staff reply as HTML, every piece of text escaped (the chat service sanitises it again): the
 * guest blocks, a change card `<ul class="change">` whose lines read "Price: <del>€12.00</del> →
 * <ins>€14.00</ins>", and the deletion prompt `<p class="confirm">`.
 */
function rich(text: RichText): string {
  return typeof text === 'string'
    ? escapeHtml(text)
    : text.map((r) => (r.strong ? `<strong>${escapeHtml(r.text)}</strong>` : escapeHtml(r.text))).join('');
}

export function renderStaffHtml(blocks: StaffBlock[]): string {
  return blocks
    .map((b) => {
      if (b.type === 'card') {
        const rows = b.rows
          .map(
            (r) =>
              `<li><strong>${escapeHtml(r.label)}:</strong> ${
                r.before === undefined ? '' : `<del>${escapeHtml(r.before)}</del> → `
              }<ins>${escapeHtml(r.after)}</ins></li>`,
          )
          .join('');
        return `<p class="change"><strong>${escapeHtml(b.title)}</strong>: ${escapeHtml(b.name)}</p>${
          rows ? `<ul class="change">${rows}</ul>` : ''
        }`;
      }
      if (b.type === 'confirm') return `<p class="confirm">${rich(b.text)}</p>`;
      return renderReplyHtml({ blocks: [b] });
    })
    .join('');
}

/** Plain text of a staff reply (evaluation, logs). */
export function staffReplyText(blocks: StaffBlock[]): string {
  const plain = (t: RichText) => (typeof t === 'string' ? t : t.map((r) => r.text).join(''));
  return blocks
    .map((b) => {
      if (b.type === 'card')
        return [
          `${b.title}: ${b.name}`,
          ...b.rows.map((r) => `- ${r.label}: ${r.before === undefined ? '' : `${r.before} -> `}${r.after}`),
        ].join('\n');
      if (b.type === 'list') return b.items.map((i) => `- ${plain(i)}`).join('\n');
      return plain(b.text);
    })
    .join('\n');
}
