import {
  choiceProblems,
  isEmptyAllergyProfile,
  isOrderableQuantity,
  type AllergenId,
  type AllergyProfile,
  type DietId,
  type OptionGroup,
} from '@carte/domain';
import { conversationProfile } from '../../providers/assistant/safety/constraints.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { ChatAssistant } from '../../providers/assistant/index.ts';
import {
  renderReplyHtml,
  type AssistantAction,
  type AssistantTable,
  type AssistantMenu,
  type CartLine,
  type HistoryMessage,
  type Language,
  type MenuProduct,
  type ReplyBlock,
} from '../../providers/assistant/types.ts';
import {
  findVenueVersion,
  loadVenueMenu,
  venueVersionKey,
  type VenueMenuRows,
} from '../public-venue/public-venue.service.ts';
import { htmlToText, sanitizeReplyHtml } from './chat-html.ts';

/**
 * POST /api/chat (architecture.md 4.5): loads the venue's menu (cached per menu version), turns
 * the history into plain text, asks the assistant, checks what it answered against the menu and
 * renders the reply to sanitised HTML.
 */

export interface ChatRequest {
  venueUrl: string;
  language: Language;
  message: string;
  history: { role: 'user' | 'assistant'; html: string }[];
  cart: CartLine[];
  /** The venue's menu when the caller has loaded it already (spares a second version query). */
  menu?: AssistantMenu;
  /** The guest's allergies and diets (the menu page's filter): every reply keeps to them. */
  allergyProfile?: AllergyProfile;
  /** The guest's table, when the phone joined its live session. */
  table?: AssistantTable;
}

export interface ChatResponseData {
  message: { role: 'assistant'; html: string };
  products: string[];
  actions: AssistantAction[];
  /** What the guest's messages stated beyond the profile sent (see chatReplySchema). */
  allergyProfile?: { allergens: AllergenId[]; diets: DietId[] };
}

/**
 * The profile to hand back to the client: what the guest said of themselves in this conversation
 * (allergies, and diets said of oneself) joined to the one they sent, when it adds anything; else none.
 */
export function statedProfile(input: {
  message: string;
  history: HistoryMessage[];
  allergyProfile?: AllergyProfile | undefined;
}): { allergens: AllergenId[]; diets: DietId[] } | undefined {
  const kept = conversationProfile(input, { lastingOnly: true });
  if (isEmptyAllergyProfile(kept)) return undefined;
  const sent = input.allergyProfile;
  const adds =
    !sent || kept.allergens.some((a) => !sent.allergens.includes(a)) || kept.diets.some((d) => !sent.diets.includes(d));
  return adds ? { allergens: [...kept.allergens], diets: [...kept.diets] } : undefined;
}

export interface ChatStreamHooks {
  /** A sanitised fragment of the reply as it forms (one or more whole blocks). */
  onDelta?: (html: string) => void;
}

export interface ChatService {
  answer(request: ChatRequest, signal?: AbortSignal, hooks?: ChatStreamHooks): Promise<ChatResponseData>;
  /** Loads (and caches) the menu: throws VENUE_NOT_FOUND. */
  menu(venueUrl: string): Promise<AssistantMenu>;
}

export interface ChatServiceLogger {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

const MAX_CACHED_MENUS = 200;

export function toAssistantMenu(rows: VenueMenuRows): AssistantMenu {
  const categoryById = new Map(rows.categories.map((c, order) => [c.id, { id: c.id, name: c.name, order }]));
  const categoriesOf = new Map<string, { id: string; name: string; order: number }[]>();
  for (const link of rows.links) {
    const c = categoryById.get(link.categoryId);
    if (!c) continue;
    const list = categoriesOf.get(link.productId) ?? [];
    list.push(c);
    categoriesOf.set(link.productId, list);
  }
  const variationsOf = new Map<string, MenuProduct['variations']>();
  for (const v of rows.variations) {
    const list = variationsOf.get(v.productId) ?? [];
    list.push({
      id: v.id,
      name: v.name,
      priceVariationMinor: v.priceVariationMinor,
      allergenes: v.allergenes.map((x) => x.toLowerCase()),
      preferences: v.preferences.map((x) => x.toLowerCase()),
    });
    variationsOf.set(v.productId, list);
  }
  // Option groups ("Size: choose exactly 1"), their options in menu order.
  const groupsOf = new Map<string, OptionGroup[]>();
  const groupById = new Map<string, OptionGroup & { variationIds: string[] }>();
  for (const g of rows.groups) {
    const group = { id: g.id, name: g.name, min: g.minChoices, max: g.maxChoices, variationIds: [] as string[] };
    groupById.set(g.id, group);
    groupsOf.set(g.productId, [...(groupsOf.get(g.productId) ?? []), group]);
  }
  for (const v of rows.variations) if (v.groupId) groupById.get(v.groupId)?.variationIds.push(v.id);
  return {
    venueName: rows.venue.name,
    currency: rows.venue.currency,
    useTextMenu: rows.venue.useTextMenu,
    textMenu: rows.venue.textMenu,
    ...(rows.venue.schedule ? { schedule: rows.venue.schedule } : {}),
    products: rows.products.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      priceMinor: p.priceMinor,
      recommended: p.recommended,
      status: p.status,
      preferences: p.preferences.map((x) => x.toLowerCase()),
      allergenes: p.allergenes.map((x) => x.toLowerCase()),
      categories: (categoriesOf.get(p.id) ?? [])
        .sort((a, b) => a.order - b.order)
        .map(({ id, name }) => ({ id, name })),
      variations: variationsOf.get(p.id) ?? [],
      variationGroups: groupsOf.get(p.id) ?? [],
    })),
  };
}

/** Keeps only what the menu allows: products that exist, actions on products and variations that exist. */
export function checkAgainstMenu(
  menu: AssistantMenu,
  products: string[],
  actions: AssistantAction[],
): { products: string[]; actions: AssistantAction[] } {
  const byId = new Map(menu.products.map((p) => [p.id, p]));
  const shown = [...new Set(products)].filter((id) => byId.get(id)?.status === 'available');
  const kept = actions.filter((a) => {
    if (a.type === 'open_cart') return true;
    const p = byId.get(a.productId);
    if (!p) return false;
    // Assistant-made quantities stay within the cart's own limit.
    if (!isOrderableQuantity(a.quantity)) return false;
    if (!a.variationIds.every((v) => p.variations.some((pv) => pv.id === v))) return false;
    // An add the order would refuse (a required size left open, two sizes) is never sent to the cart.
    if (a.type === 'add_to_cart')
      return p.status === 'available' && p.priceMinor !== null && choiceProblems(p, a.variationIds).length === 0;
    return true;
  });
  return { products: shown, actions: kept };
}

export function renderBlocks(blocks: ReplyBlock[]): string {
  return sanitizeReplyHtml(renderReplyHtml({ blocks }));
}

export function createChatService(deps: { db: Db; assistant: ChatAssistant; log?: ChatServiceLogger }): ChatService {
  const cache = new Map<string, { key: string; menu: AssistantMenu }>();

  async function menu(venueUrl: string): Promise<AssistantMenu> {
    const version = await findVenueVersion(deps.db, venueUrl);
    if (!version) throw new AppError('VENUE_NOT_FOUND');
    const key = venueVersionKey(version);
    const cached = cache.get(venueUrl);
    if (cached?.key === key) return cached.menu;
    const rows = await loadVenueMenu(deps.db, venueUrl);
    if (!rows) throw new AppError('VENUE_NOT_FOUND');
    const built = toAssistantMenu(rows);
    const builtKey = venueVersionKey(rows.venue);
    cache.delete(venueUrl);
    cache.set(venueUrl, { key: builtKey, menu: built });
    if (cache.size > MAX_CACHED_MENUS) cache.delete(cache.keys().next().value!);
    return built;
  }

  return {
    menu,
    async answer(request, signal, hooks = {}) {
      const venueMenu = request.menu ?? (await menu(request.venueUrl));
      const history: HistoryMessage[] = request.history
        .map((h) => ({ role: h.role, text: htmlToText(h.html) }))
        .filter((h) => h.text.length > 0);
      const started = performance.now();
      let reply;
      try {
        reply = await deps.assistant.reply(
          {
            menu: venueMenu,
            language: request.language,
            message: request.message,
            history,
            cart: request.cart,
            ...(request.allergyProfile ? { allergyProfile: request.allergyProfile } : {}),
            ...(request.table ? { table: request.table } : {}),
          },
          signal,
          hooks.onDelta ? { onBlocks: (blocks) => blocks.length && hooks.onDelta!(renderBlocks(blocks)) } : {},
        );
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new AppError('ASSISTANT_FAILED', {
          cause: error,
          logMessage: `assistant failed: ${(error as Error)?.message}`,
        });
      }
      const checked = checkAgainstMenu(venueMenu, reply.products, reply.actions);
      deps.log?.info(
        {
          venueUrl: request.venueUrl,
          language: request.language,
          provider: reply.provider,
          intent: reply.intent,
          ms: Math.round(performance.now() - started),
          dropped: reply.products.length - checked.products.length + reply.actions.length - checked.actions.length,
        },
        'assistant replied',
      );
      // The offline assistant answers at once: its blocks are still streamed one by one.
      if (hooks.onDelta && reply.provider === 'offline') {
        for (const block of reply.blocks) hooks.onDelta(renderBlocks([block]));
      }
      const stated = statedProfile({ message: request.message, history, allergyProfile: request.allergyProfile });
      return {
        message: { role: 'assistant', html: renderBlocks(reply.blocks) },
        products: checked.products,
        actions: checked.actions,
        ...(stated ? { allergyProfile: stated } : {}),
      };
    },
  };
}
