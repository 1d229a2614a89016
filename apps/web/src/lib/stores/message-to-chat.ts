import { create } from 'zustand';

/**
 * The text a guest typed in a chat starter (menu page search box, chat page input or a
 * suggestion chip), carried to the chat. The chat container takes it once and sends it.
 */
interface MessageToChatState {
  messageToChat: string | null;
  setMessageToChat: (message: string) => void;
  /** Returns the pending message and clears it, so it is sent once. */
  takeMessageToChat: () => string | null;
}

export const useMessageToChat = create<MessageToChatState>()((set, get) => ({
  messageToChat: null,
  setMessageToChat: (message) => set({ messageToChat: message }),
  takeMessageToChat: () => {
    const message = get().messageToChat;
    if (message !== null) set({ messageToChat: null });
    return message;
  },
}));

/**
 * Spec section 2, chat starter: the input is trimmed; empty gives nothing; without a question
 * mark the localised "what about" prefix goes before the text.
 */
export function toChatMessage(input: string, whatAboutPrefix: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (text.includes('?') || text.includes('？')) return text;
  return `${whatAboutPrefix} ${text}`;
}
