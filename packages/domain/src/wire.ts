/**
 * The wire contracts that web and server share: the interface languages; the chat call and the
 * order call are in contracts/chat.ts and contracts/orders.ts (decision 023).
 */

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, toLanguage, type Language } from './languages.ts';

export * from './contracts/chat.ts';
