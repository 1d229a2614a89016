import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeReplyHtml } from './chat-html.ts';

describe('sanitizeReplyHtml keeps our markup and nothing else', () => {
  it.each([
    ['<p>Hello <strong>there</strong></p>', '<p>Hello <strong>there</strong></p>'],
    ['<p class="note">Ask staff</p>', '<p class="note">Ask staff</p>'],
    [
      '<ul><li>a</li><li><em>b</em></li></ul><ol><li>c</li></ol>',
      '<ul><li>a</li><li><em>b</em></li></ul><ol><li>c</li></ol>',
    ],
    ['line<br>break<br/>', 'line<br>break<br>'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<p onclick="x()">hi</p>', '&lt;p &#111;nclick=&quot;x()&quot;&gt;hi'],
    ['<p class="evil">hi</p>', '&lt;p class=&quot;evil&quot;&gt;hi'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x &#111;nerror=alert(1)&gt;'],
    ['<a href="javascript:alert(1)">x</a>', '&lt;a href=&quot;javascript&#58;alert(1)&quot;&gt;x&lt;/a&gt;'],
    ['<p>unclosed <strong>bold', '<p>unclosed <strong>bold</strong></p>'],
    ['stray</li> closing</p>', 'stray closing'],
    ['Fish &amp; chips &lt;3 & more &#39;x&#39;', 'Fish &amp; chips &lt;3 &amp; more &#39;x&#39;'],
    ['<svg/onload=alert(1)>', '&lt;svg/&#111;nload=alert(1)&gt;'],
    ['<<script>>', '&lt;&lt;script&gt;&gt;'],
    // The staff chat's change card and deletion prompt.
    [
      '<p class="change"><strong>Product updated</strong>: X</p>',
      '<p class="change"><strong>Product updated</strong>: X</p>',
    ],
    [
      '<ul class="change"><li>Price: <del>€12.00</del> → <ins>€14.00</ins></li></ul>',
      '<ul class="change"><li>Price: <del>€12.00</del> → <ins>€14.00</ins></li></ul>',
    ],
    ['<p class="confirm">Delete X?</p>', '<p class="confirm">Delete X?</p>'],
    ['<ul class="confirm">x</ul>', '&lt;ul class=&quot;confirm&quot;&gt;x'],
    ['<li class="change">x</li>', '&lt;li class=&quot;change&quot;&gt;x'],
    ['<del onclick="x()">a</del>', '&lt;del &#111;nclick=&quot;x()&quot;&gt;a'],
  ])('%s', (input, output) => {
    expect(sanitizeReplyHtml(input)).toBe(output);
  });

  it('leaves no tag outside the allow-list, whatever it is given', () => {
    const nasty = '<p><iframe src="//x"></iframe><style>*{}</style><a href=x>y</a><strong style="x">z</strong></p>';
    const clean = sanitizeReplyHtml(nasty);
    const tags = [...clean.matchAll(/<\/?([a-z]+)[^>]*>/gi)].map((m) => m[0]);
    expect(
      tags.every((t) =>
        /^<\/?(p|ul|ol|li|strong|em|br|del|ins)>$|^<p class="(note|change|confirm)">$|^<ul class="change">$/.test(t),
      ),
    ).toBe(true);
  });
});

describe('htmlToText turns history HTML into plain text', () => {
  it.each([
    ['<p>Hello</p><p>World</p>', 'Hello\nWorld'],
    ['<ul><li><strong>Burrata</strong> — 11.50 €</li><li>Tiramisù</li></ul>', '- Burrata — 11.50 €\n- Tiramisù'],
    ['Fish &amp; chips &lt;b&gt; &#233;t&#xE9; &nbsp;x', 'Fish & chips <b> été x'],
    ['<script>alert(1)</script>vegan?', 'vegan?'],
    ['<img src=x onerror=alert(1)>two please', 'two please'],
    ['a<br>b', 'a\nb'],
    ['<!-- hidden -->shown', 'shown'],
    ['plain text', 'plain text'],
  ])('%s', (input, output) => {
    expect(htmlToText(input)).toBe(output);
  });
});
