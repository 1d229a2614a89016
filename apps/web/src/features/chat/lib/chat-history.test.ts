import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_RESET_MS } from '@carte/domain/session-expiry';
import type { ChatMessage } from '../types.ts';
import { historyKey, loadHistory, saveHistory } from './chat-history.ts';

const now = Date.UTC(2026, 10, 22, 20, 0, 0);
const conversation: ChatMessage[] = [
  { id: 'a', role: 'user', text: 'Anything vegan?', html: '<p>Anything vegan?</p>' },
  { id: 'b', role: 'assistant', html: '<p>Yes: the minestrone.</p>', products: ['p1'] },
  { id: 'c', role: 'error', html: '', retryText: 'And for dessert?' },
];
const stripIds = (messages: ChatMessage[]) => messages.map(({ id: _id, ...rest }) => rest);

afterEach(() => localStorage.clear());

describe('chat history in the browser', () => {
  it('keeps user and assistant messages, never the error ones', () => {
    saveHistory('casa-verde', false, conversation, now);
    const stored = JSON.parse(localStorage.getItem(historyKey('casa-verde', false))!);
    expect(stored).toEqual({
      venue: 'casa-verde',
      isAdmin: false,
      updatedAt: now,
      messages: [
        { role: 'user', text: 'Anything vegan?', html: '<p>Anything vegan?</p>' },
        { role: 'assistant', html: '<p>Yes: the minestrone.</p>', products: ['p1'] },
      ],
    });
    const loaded = loadHistory('casa-verde', false, { now });
    expect(stripIds(loaded.messages)).toEqual(stripIds(conversation.slice(0, 2)));
    expect(loaded.updatedAt).toBe(now);
  });

  it('keeps one history per venue and per admin flag', () => {
    saveHistory('casa-verde', false, conversation.slice(0, 1), now);
    expect(loadHistory('trattoria-da-luca', false, { now }).messages).toEqual([]);
    expect(loadHistory('casa-verde', true, { now }).messages).toEqual([]);
    expect(loadHistory('casa-verde', false, { now }).messages).toHaveLength(1);
    expect(historyKey('casa-verde', true)).not.toBe(historyKey('casa-verde', false));
  });

  it.each<[string, { at: number; order?: string }, boolean]>([
    ['a message a minute ago', { at: now - 60_000 }, true],
    ['a message exactly 2 hours ago', { at: now - SESSION_RESET_MS }, true],
    ['a message 2 hours and 1 ms ago', { at: now - SESSION_RESET_MS - 1 }, false],
    ['an order placed 1 hour ago', { at: now - 1000, order: new Date(now - 3_600_000).toISOString() }, true],
    ['an order placed over 2 hours ago', { at: now - 1000, order: new Date(now - SESSION_RESET_MS - 1000).toISOString() }, false],
  ])('after %s the history is kept: %s', (_name, { at, order }, kept) => {
    saveHistory('casa-verde', false, conversation, at);
    const loaded = loadHistory('casa-verde', false, { now, orderDateCreated: order ?? null });
    expect(loaded.messages.length > 0).toBe(kept);
    // An expired history is gone from the browser, not just hidden.
    expect(localStorage.getItem(historyKey('casa-verde', false)) !== null).toBe(kept);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not an object', '"hello"'],
    ['messages that are not a list', '{"messages": 3, "updatedAt": 1, "venue": "casa-verde", "isAdmin": false}'],
  ])('starts afresh when the stored value is %s', (_name, raw) => {
    localStorage.setItem(historyKey('casa-verde', false), raw);
    expect(loadHistory('casa-verde', false, { now }).messages).toEqual([]);
  });

  it('drops stored messages of an unknown shape or role', () => {
    localStorage.setItem(
      historyKey('casa-verde', false),
      JSON.stringify({
        venue: 'casa-verde',
        isAdmin: false,
        updatedAt: now,
        messages: [{ role: 'system', html: 'x' }, { role: 'error', html: 'x' }, { role: 'user' }, { role: 'assistant', html: '<p>ok</p>' }],
      }),
    );
    expect(stripIds(loadHistory('casa-verde', false, { now }).messages)).toEqual([
      { role: 'assistant', html: '<p>ok</p>', products: [] },
    ]);
  });
});
