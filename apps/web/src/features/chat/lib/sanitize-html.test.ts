import { beforeAll, describe, expect, it } from 'vitest';
import { loadSanitizer, type Sanitize } from './sanitizer.ts';

// The real sanitiser, as the page gets it: its chunk, through the loader.
let sanitizeAssistantHtml: Sanitize;
beforeAll(async () => {
  const sanitize = await loadSanitizer();
  if (!sanitize) throw new Error('the sanitiser did not load');
  sanitizeAssistantHtml = sanitize;
});

/** Parses the sanitised html the way the page will, to look for live markup. */
function render(html: string): HTMLElement {
  const el = document.createElement('div');
  el.innerHTML = sanitizeAssistantHtml(html);
  return el;
}

describe('sanitizeAssistantHtml', () => {
  it.each([
    ['a script element', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['an image with onerror', '<p>Hi<img src=x onerror="alert(1)"></p>', '<p>Hi</p>'],
    ['a javascript: link', '<p><a href="javascript:alert(1)">click</a></p>', '<p>click</p>'],
    ['an event handler on an allowed tag', '<p onclick="alert(1)">Hi</p>', '<p>Hi</p>'],
    ['a style attribute', '<p style="background:url(javascript:alert(1))">Hi</p>', '<p>Hi</p>'],
    ['an svg with onload', '<svg onload="alert(1)"><p>x</p></svg>', '<p>x</p>'],
    ['an iframe', '<iframe src="javascript:alert(1)"></iframe><p>ok</p>', '<p>ok</p>'],
    ['a class other than note', '<p class="evil">Hi</p>', '<p>Hi</p>'],
    ['the staff change card', '<p class="change"><strong>Product updated</strong></p><ul class="change"><li><del>€12.00</del> → <ins>€14.00</ins></li></ul>', '<p class="change"><strong>Product updated</strong></p><ul class="change"><li><del>€12.00</del> → <ins>€14.00</ins></li></ul>'],
    ['the deletion prompt', '<p class="confirm">Delete?</p>', '<p class="confirm">Delete?</p>'],
    ['a card class on another tag', '<li class="change">x</li><ul class="confirm"><li>y</li></ul>', '<li>x</li><ul><li>y</li></ul>'],
    ['a form', '<form action="/x"><button>Go</button></form>', 'Go'],
  ])('removes %s', (_name, input, expected) => {
    expect(sanitizeAssistantHtml(input)).toBe(expected);
  });

  it('keeps the allow-list: p, ul, ol, li, strong, em, br and the note paragraph', () => {
    const html =
      '<p>Our <strong>vegan</strong> dishes:</p><ul><li><em>Minestrone</em></li></ul><ol><li>a<br>b</li></ol><p class="note">Please confirm allergens with the staff.</p>';
    expect(sanitizeAssistantHtml(html)).toBe(html);
  });

  it('leaves no element outside the allow-list and no attribute but class="note"', () => {
    const el = render(
      '<p>x</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">y</a><math><mi xlink:href="javascript:alert(1)">z</mi></math><p class="note" id="n" title="t">n</p>',
    );
    const allowed = new Set(['P', 'UL', 'OL', 'LI', 'STRONG', 'EM', 'BR']);
    for (const node of el.querySelectorAll('*')) {
      expect(allowed.has(node.tagName)).toBe(true);
      expect([...node.attributes].map((a) => `${a.name}=${a.value}`).filter((a) => a !== 'class=note')).toEqual([]);
    }
    expect(el.textContent).not.toContain('alert');
  });

  it('keeps escaped text as text', () => {
    const el = render('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(el.querySelector('script')).toBeNull();
    expect(el.textContent).toBe('<script>alert(1)</script>');
  });
});
