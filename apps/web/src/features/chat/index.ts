// The chat feature is loaded lazily: import it with `import()`. Pages import two small modules
// statically to start downloads early: lib/history-key.ts and lib/sanitizer.ts (whose sanitiser,
// DOMPurify, is a chunk of its own).
export { ChatContainer } from './components/chat-container.tsx';
export { prepareToSend } from './hooks/use-chat.ts';
export type { ChatAction, ChatCartLine, ChatContainerProps, ChatMessage, ComposerState } from './types.ts';
