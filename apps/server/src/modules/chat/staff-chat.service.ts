import { CHAT_HISTORY_MAX, type ChatHistoryData, type Language } from '@carte/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { escapeHtml } from '../../providers/assistant/types.ts';
import { replyStaff } from '../../providers/assistant/staff/engine.ts';
import { renderStaffHtml } from '../../providers/assistant/staff/render.ts';
import type { StaffAssistantModel } from '../../providers/assistant/staff/model-staff.ts';
import type { StaffBlock, StaffMenuPort, StaffReply, StaffState } from '../../providers/assistant/staff/types.ts';
import type { StaffMenuService } from '../staff-menu/staff-menu.service.ts';
import { sanitizeReplyHtml } from './chat-html.ts';
import { loadChat, loadStaffState, saveChat, saveStaffState } from './chat-history.repository.ts';

/**
 * The staff chat (issue 10; architecture 4.5 staff variant): the venue's owner or a manager edits
 * the menu by chat. The conversation and its state (a deletion the assistant proposed, the last
 * change for undo, the dishes last talked about) are kept by the server, never taken from the client:
 * the messages per venue in chat_histories, the state per venue and staff member in
 * staff_chat_states, expiring (issue 17 item 5), so a "yes" or an "undo" works from any process.
 * Every change goes through the staff menu service, so the chat has the forms' validation and
 * messages, and guests see it on the public venue API at once.
 */

export interface StaffChatRequest {
  venueId: string;
  /** The staff member writing: pending confirmations and undo are theirs alone. */
  userId: string;
  language: Language;
  message: string;
}

export interface StaffChatResponseData {
  message: { role: 'assistant'; html: string };
  products: string[];
  actions: { type: 'menu_changed'; productId: string }[];
}

export interface StaffChatLogger {
  info(details: Record<string, unknown>, message: string): void;
}

/** The staff menu service bound to one venue, as the assistant's port. */
export function staffMenuPort(service: StaffMenuService, venueId: string): StaffMenuPort {
  return {
    listMenu: () => service.listMenu(venueId, { all: true }),
    listCategories: () => service.listCategories(venueId),
    createProduct: (input) => service.createProduct(venueId, input),
    updateProduct: (input) => service.updateProduct(venueId, input),
    updateProducts: (inputs) => service.updateProducts(venueId, inputs),
    deleteProduct: async (id) => {
      await service.deleteProduct(venueId, id);
    },
    createCategory: (name) => service.createCategory(venueId, { name }),
    updateCategory: (input) => service.updateCategory(venueId, input),
    deleteCategory: async (id) => {
      await service.deleteCategory(venueId, id);
    },
  };
}

export function renderStaffBlocks(blocks: StaffBlock[]): string {
  return sanitizeReplyHtml(renderStaffHtml(blocks));
}

export function createStaffChatService(deps: {
  db: Db;
  staffMenu: StaffMenuService;
  /** The model-backed staff assistant when LLM_* is configured. */
  model?: StaffAssistantModel | undefined;
  log?: StaffChatLogger;
}) {
  return {
    async history(venueId: string): Promise<ChatHistoryData> {
      const stored = await loadChat(deps.db, venueId, true);
      return { isAdmin: true, messages: stored.messages, updatedAt: stored.updatedAt?.toISOString() ?? null };
    },

    async answer(request: StaffChatRequest, signal?: AbortSignal): Promise<StaffChatResponseData> {
      const stored = await loadChat(deps.db, request.venueId, true);
      const staffState = await loadStaffState(deps.db, request.venueId, request.userId);
      const settings = await deps.staffMenu.getVenueSettings(request.venueId, 'manager');
      const port = staffMenuPort(deps.staffMenu, request.venueId);
      const input = {
        language: request.language,
        message: request.message,
        currency: settings.currency,
        state: staffState as StaffState,
      };
      const started = performance.now();
      let reply: StaffReply;
      try {
        reply = deps.model
          ? await deps.model.reply(input, port, stored.messages, signal)
          : await replyStaff(input, port);
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new AppError('ASSISTANT_FAILED', {
          cause: error,
          logMessage: `staff assistant failed: ${(error as Error)?.message}`,
        });
      }
      const html = renderStaffBlocks(reply.blocks);
      const messages = [
        ...stored.messages,
        { role: 'user' as const, html: `<p>${escapeHtml(request.message)}</p>` },
        { role: 'assistant' as const, html },
      ].slice(-CHAT_HISTORY_MAX);
      await deps.db.transaction(async (tx) => {
        await saveChat(tx, request.venueId, true, messages, {});
        await saveStaffState(
          tx as unknown as Db,
          request.venueId,
          request.userId,
          reply.state as Record<string, unknown>,
        );
      });
      deps.log?.info(
        {
          venueId: request.venueId,
          intent: reply.intent,
          changed: reply.actions.length,
          ms: Math.round(performance.now() - started),
        },
        'staff assistant replied',
      );
      return { message: { role: 'assistant', html }, products: reply.products, actions: reply.actions };
    },
  };
}

export type StaffChatService = ReturnType<typeof createStaffChatService>;
