// The chat feature is loaded lazily (it carries DOMPurify): import it with `import()`.
export { ChatContainer } from './components/chat-container.tsx';
export type { ChatAction, ChatCartLine, ChatContainerProps, ChatMessage, ComposerState } from './types.ts';
