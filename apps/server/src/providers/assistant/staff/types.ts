/**
 * The staff assistant (issue 10, part 3): owners and managers edit the menu by chat. It never
 * writes to the database itself: every change goes through a `StaffMenuPort`, which the chat module
 * backs with the staff menu service (the back office's forms' validation and messages).
 */
import type { Language, StaffCategory, StaffProduct } from '@carte/domain';
import type { ReplyBlock, RichText } from '../types.ts';

/** The menu operations the staff chat may use (the staff menu service, bound to one venue). */
export interface StaffMenuPort {
  listMenu(): Promise<StaffProduct[]>;
  listCategories(): Promise<StaffCategory[]>;
  createProduct(input: Record<string, unknown>): Promise<StaffProduct>;
  updateProduct(input: { id: string } & Record<string, unknown>): Promise<StaffProduct>;
  /** Several updates in one transaction: all are written, or none (the first refusal is thrown). */
  updateProducts(inputs: readonly ({ id: string } & Record<string, unknown>)[]): Promise<StaffProduct[]>;
  deleteProduct(productId: string): Promise<void>;
  createCategory(name: string): Promise<StaffCategory>;
  updateCategory(input: { id: string; name: string }): Promise<StaffCategory>;
  deleteCategory(categoryId: string): Promise<void>;
}

/** A refusal of the staff menu service: the form's message (and its field issues), nothing changed. */
export interface StaffMenuRefusal {
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
}

export function asRefusal(error: unknown): StaffMenuRefusal | null {
  const e = error as { code?: unknown; status?: unknown; message?: unknown; issues?: unknown } | null;
  if (!e || typeof e.code !== 'string' || typeof e.message !== 'string') return null;
  if (typeof e.status === 'number' && e.status >= 500) return null;
  const issues = Array.isArray(e.issues) ? (e.issues as StaffMenuRefusal['issues']) : undefined;
  return { code: e.code, message: e.message, ...(issues?.length ? { issues } : {}) };
}

/** A product as the forms write it (what a create or a full-restore update sends). */
export interface ProductValues {
  name: string;
  description: string | null;
  price: number | null;
  /** The dish's own tax rate; null: its category's, else the venue's default. */
  taxRate: string | null;
  image: string | null;
  status: 'available' | 'unavailable';
  recommended: boolean;
  preferences: string[];
  allergenes: string[];
  categories: string[];
  variations: { id: string; name: string; price_variation: number; preferences: string[]; allergenes: string[] }[];
  variationGroups: { id: string; name: string; min: number; max: number; variationIds: string[] }[];
}

export interface PendingPrices {
  label: string | null;
  changes: { productId: string; name: string; from: number | null; to: number }[];
}

/** A dish as the staff chat reads it from "add ...", before it is created. */
export interface PendingDish {
  name: string;
  price: number | null;
  description: string | null;
  category: string | null;
  options: { name: string; price: number }[];
  allergenes: string[];
  preferences: string[];
}

/** What one "undo" restores. */
export type UndoEntry =
  | { kind: 'created'; productId: string; name: string }
  | { kind: 'updated'; products: { productId: string; before: ProductValues }[] }
  | { kind: 'deleted'; name: string; before: ProductValues }
  | { kind: 'category_created'; categoryId: string; name: string }
  | { kind: 'category_renamed'; categoryId: string; name: string };

/**
 * The conversation state, kept by the server beside the stored history (never read from the client):
 * a deletion it proposed and waits to be confirmed, the last change (for undo), the dishes last
 * talked about (by id, for "it", "that one").
 */
export interface StaffState {
  pendingDelete?: { productId: string; name: string } | undefined;
  /**
   * Price changes shown as a list and waiting for "yes": a change of several dishes, or one that moves
   * a price by more than half. `from` is the price seen when asked: a dish changed meanwhile is not
   * overwritten (the confirmation then changes nothing and says so).
   */
  pendingPrices?: PendingPrices | undefined;
  /** A new dish waiting for its category (guests only see dishes in a category). */
  pendingCreate?: PendingDish | undefined;
  undo?: UndoEntry | undefined;
  focus?: string[] | undefined;
}

export interface StaffInput {
  language: Language;
  message: string;
  currency: string;
  state: StaffState;
}

export type StaffAction = { type: 'menu_changed'; productId: string };

/** A reply block: the guest blocks, plus the change summary card and the deletion prompt. */
export type StaffBlock =
  | ReplyBlock
  | {
      type: 'card';
      /** "Product created", "Product updated", ... (localised). */
      title: string;
      name: string;
      /** One line per field that changed: before -> after (before absent for a new product). */
      rows: { label: string; before?: string; after: string }[];
    }
  | { type: 'confirm'; text: RichText };

export interface StaffReply {
  blocks: StaffBlock[];
  products: string[];
  actions: StaffAction[];
  /** The rule that answered (logs and tests). */
  intent: string;
  state: StaffState;
}

export type { Language };

/** The words of one concept in each language (the staff lexicon's data format, words/*.ts). */
export type WordList = Record<Language, readonly string[]>;
