/**
 * The offline menu assistant (the default provider): deterministic, no network, pure functions over
 * the menu. See engine.ts for the decisions and language/lexicon.ts for the words it knows.
 */
import type { AssistantInput, AssistantProvider, AssistantReply } from '../types.ts';
import { replyOffline } from './engine.ts';

export { replyOffline } from './engine.ts';

export function createOfflineAssistant(): AssistantProvider {
  return {
    reply(input: AssistantInput, signal?: AbortSignal): Promise<AssistantReply> {
      if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
      try {
        return Promise.resolve(replyOffline(input));
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
}
