import DOMPurify from 'dompurify';

/**
 * The assistant's reply is sanitised by the server; the browser does it again with a strict
 * allow-list (architecture.md section 9), so a bug or a compromised provider upstream still cannot
 * put live markup on the page. Only these tags survive, with no attribute but class="note" on p,
 * and for the staff chat's change cards del, ins, class="change" (p, ul) and class="confirm" (p).
 * A chunk of its own, loaded through sanitizer.ts (never import it statically: DOMPurify is ~10 KB).
 */
const ALLOWED_TAGS = ['p', 'ul', 'ol', 'li', 'strong', 'em', 'br', 'del', 'ins'];
const CLASSES: Record<string, readonly string[]> = { P: ['note', 'change', 'confirm'], UL: ['change'] };

const purify = DOMPurify();
purify.addHook('uponSanitizeAttribute', (node, data) => {
  if (data.attrName === 'class' && !(CLASSES[node.nodeName]?.includes(data.attrValue) ?? false)) data.keepAttr = false;
});

export function sanitizeAssistantHtml(html: string): string {
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['class'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_TRUSTED_TYPE: false,
  });
}
