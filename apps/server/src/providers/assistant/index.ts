import { isEmptyAllergyProfile } from '@carte/domain';
import type { Env } from '../../env.ts';
import { ModelAssistant, type ReplyHooks } from './model/model-assistant.ts';
import type { SearchFallback } from './model/menu-tools.ts';
import { createOfflineAssistant, replyOffline } from './offline/index.ts';
import { answerOrAbstain } from './safety/abstain.ts';
import { conversationProfile } from './safety/constraints.ts';
import { gateReply } from './safety/gate.ts';
import { answerFromTable } from './table/answer.ts';
import type { AssistantInput, AssistantProvider, AssistantReply } from './types.ts';

/**
 * Chooses the menu assistant from the configuration: the model-backed one when LLM_BASE_URL is
 * set, wrapped so that any error or timeout of the model answers with the offline assistant;
 * otherwise the offline assistant alone (the default: no account, no network).
 */

export type { ReplyHooks } from './model/model-assistant.ts';

export interface ChatAssistantReply extends AssistantReply {
  /** Which implementation answered (for logs and tests; not sent to the guest). */
  provider: 'model' | 'offline';
}

/** What the chat service uses: one reply, optionally streamed block by block. */
export interface ChatAssistant {
  readonly mode: 'model' | 'offline';
  reply(input: AssistantInput, signal?: AbortSignal, hooks?: ReplyHooks): Promise<ChatAssistantReply>;
}

export interface FallbackLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

export type StreamingProvider = AssistantProvider & {
  reply(input: AssistantInput, signal?: AbortSignal, hooks?: ReplyHooks): Promise<AssistantReply>;
};

export function offlineOnly(offline: AssistantProvider): ChatAssistant {
  return {
    mode: 'offline',
    async reply(input, signal) {
      return { ...(await offline.reply(input, signal)), provider: 'offline' };
    },
  };
}

/**
 * The model first; an error or a timeout of the model answers with the offline assistant
 * instead, so a guest never sees a provider failure. A request the guest aborted is not retried.
 */
export function withOfflineFallback(
  primary: StreamingProvider,
  offline: AssistantProvider,
  log?: FallbackLogger,
): ChatAssistant {
  return {
    mode: 'model',
    async reply(input, signal, hooks) {
      try {
        return { ...(await primary.reply(input, signal, hooks)), provider: 'model' };
      } catch (error) {
        if (signal?.aborted) throw error;
        log?.warn(
          { err: { name: (error as Error)?.name, message: (error as Error)?.message } },
          'model assistant failed; answering with the offline assistant',
        );
        return { ...(await offline.reply(input, signal)), provider: 'offline' };
      }
    },
  };
}

/**
 * Every guest reply, whichever assistant answers (issue 17 items 1 and 3): a question the menu does
 * not answer, a request off the subject or an instruction to the assistant is answered or refused
 * first, without asking the assistant; every other reply passes the safety gate. While the guest has
 * stated an allergy or a diet the reply is not streamed block by block: only the gated reply is sent.
 */
export function guarded(inner: ChatAssistant): ChatAssistant {
  return {
    mode: inner.mode,
    async reply(input, signal, hooks) {
      // The guest's table first (what it ordered, its bill, a round again), then the venue's questions.
      const fromTable = answerFromTable(input);
      if (fromTable) return { ...gateReply(input, fromTable), provider: 'offline' };
      const early = answerOrAbstain(input);
      if (early) return { ...early, provider: 'offline' };
      const constrained = !isEmptyAllergyProfile(conversationProfile(input));
      const reply = await inner.reply(input, signal, constrained ? {} : hooks);
      return { ...gateReply(input, reply), provider: reply.provider };
    },
  };
}

/** The offline assistant as guests get it (abstain first, then the gate), synchronously: for the evaluation and the bench. */
export function replyOfflineGuarded(input: AssistantInput): AssistantReply {
  const fromTable = answerFromTable(input);
  if (fromTable) return gateReply(input, fromTable);
  return answerOrAbstain(input) ?? gateReply(input, replyOffline(input));
}

/** The offline assistant's matcher, as a second opinion for the model's search_menu tool. */
export const offlineSearch: SearchFallback = (menu, query) => {
  try {
    return replyOffline({ menu, language: 'en', message: query.slice(0, 200), history: [], cart: [] }).products;
  } catch {
    return [];
  }
};

export interface CreateAssistantOptions {
  /** Defaults to the offline assistant. */
  offline?: AssistantProvider;
  log?: FallbackLogger;
  fetchImpl?: typeof fetch;
  /** Extra matcher for the model's search_menu tool (the offline assistant's). */
  searchFallback?: SearchFallback;
}

/** The assistant for this configuration. */
export function createChatAssistant(
  env: Pick<Env, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL' | 'LLM_TIMEOUT_MS'>,
  options: CreateAssistantOptions = {},
): ChatAssistant {
  const offline = options.offline ?? createOfflineAssistant();
  if (!env.LLM_BASE_URL) return guarded(offlineOnly(offline));
  const model = new ModelAssistant({
    baseUrl: env.LLM_BASE_URL,
    apiKey: env.LLM_API_KEY,
    model: env.LLM_MODEL ?? 'gpt-4o-mini',
    timeoutMs: env.LLM_TIMEOUT_MS,
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    searchFallback: options.searchFallback ?? offlineSearch,
  });
  return guarded(withOfflineFallback(model, offline, options.log));
}
