import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';

describe('escapeHtml', () => {
  it('escapes every character that means markup', () => {
    expect(escapeHtml(`<img src=x onerror="a('1')"> & more`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;1&#39;)&quot;&gt; &amp; more',
    );
  });
});
