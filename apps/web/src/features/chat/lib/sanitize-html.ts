import DOMPurify from 'dompurify';

/**
 * The assistant's reply is sanitised by the server; the browser does it again with a strict
 * allow-list (architecture.md section 9), so a bug or a compromised provider upstream still cannot
 * put live markup on the page. Only these tags survive, with no attribute but class="note".
 */
const ALLOWED_TAGS = ['p', 'ul', 'ol', 'li', 'strong', 'em', 'br'];

const purify = DOMPurify();
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'class' && data.attrValue !== 'note') data.keepAttr = false;
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

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A guest's text as the HTML the API takes back in the history (the server reads its text). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
