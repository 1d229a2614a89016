import { describe, expect, it } from 'vitest';
import { toChatMessage, useMessageToChat } from './message-to-chat.ts';

describe('chat starter message (spec section 2)', () => {
  it.each([
    { input: '', expected: null },
    { input: '    ', expected: null },
    { input: 'tiramisu', expected: 'What about tiramisu' },
    { input: '  spicy soup  ', expected: 'What about spicy soup' },
    { input: 'Is it vegan?', expected: 'Is it vegan?' },
    { input: ' gluten free? ', expected: 'gluten free?' },
  ])('"$input" -> $expected', ({ input, expected }) => {
    expect(toChatMessage(input, 'What about')).toBe(expected);
  });

  it('hands the message to the chat once', () => {
    useMessageToChat.getState().setMessageToChat('Desserts');
    expect(useMessageToChat.getState().takeMessageToChat()).toBe('Desserts');
    expect(useMessageToChat.getState().takeMessageToChat()).toBeNull();
  });
});
