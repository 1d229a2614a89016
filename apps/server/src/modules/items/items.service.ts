import {
  fromMinor,
  ITEMS_DEFAULT_LIMIT,
  ITEMS_MAX_LIMIT,
  toMinor,
  type FieldIssue,
  type ItemsQuery,
  isUuid,
} from '@carte/domain';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { categories, orders, products, venues } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Read-only content reads for staff (`GET /api/items/:collection`, architecture 4.6): an allow-list
 * of collections and of their fields, rows limited to the caller's venues, and the Directus-style
 * query parameters (fields, filter, search, sort, limit, offset, page) checked field by field.
 */

type Kind = 'uuid' | 'text' | 'int' | 'bool' | 'money' | 'json' | 'date';

interface Field {
  column: PgColumn;
  kind: Kind;
}

interface Collection {
  table: PgTable;
  /** The column holding the venue id the row belongs to. */
  venue: PgColumn;
  fields: Record<string, Field>;
  defaultSort: string[];
}

const f = (column: PgColumn, kind: Kind): Field => ({ column, kind });

export const COLLECTIONS: Record<string, Collection> = {
  venues: {
    table: venues,
    venue: venues.id,
    defaultSort: ['name'],
    fields: {
      id: f(venues.id, 'uuid'),
      venueUrl: f(venues.venueUrl, 'text'),
      name: f(venues.name, 'text'),
      currency: f(venues.currency, 'text'),
      headerIcon: f(venues.headerIcon, 'uuid'),
      defaultImage: f(venues.defaultImage, 'uuid'),
      inputPlaceholder: f(venues.inputPlaceholder, 'text'),
      useTextMenu: f(venues.useTextMenu, 'bool'),
      textMenu: f(venues.textMenu, 'text'),
      spots: f(venues.spots, 'json'),
      enable_uber_direct: f(venues.enableUberDirect, 'bool'),
      cardPayment: f(venues.cardPayment, 'bool'),
      theme: f(venues.theme, 'json'),
      pickupAddress: f(venues.pickupAddress, 'text'),
      pickupPhone: f(venues.pickupPhone, 'text'),
      deliveryFee: f(venues.deliveryFeeMinor, 'money'),
      date_created: f(venues.createdAt, 'date'),
      date_updated: f(venues.updatedAt, 'date'),
    },
  },
  categories: {
    table: categories,
    venue: categories.venueId,
    defaultSort: ['position'],
    fields: {
      id: f(categories.id, 'uuid'),
      key: f(categories.key, 'text'),
      name: f(categories.name, 'text'),
      venue: f(categories.venueId, 'uuid'),
      position: f(categories.position, 'int'),
    },
  },
  products: {
    table: products,
    venue: products.venueId,
    defaultSort: ['position'],
    fields: {
      id: f(products.id, 'uuid'),
      key: f(products.key, 'text'),
      name: f(products.name, 'text'),
      description: f(products.description, 'text'),
      price: f(products.priceMinor, 'money'),
      image: f(products.image, 'uuid'),
      status: f(products.status, 'text'),
      venue: f(products.venueId, 'uuid'),
      recommended: f(products.recommended, 'bool'),
      preferences: f(products.preferences, 'json'),
      allergenes: f(products.allergenes, 'json'),
      position: f(products.position, 'int'),
      date_created: f(products.createdAt, 'date'),
      date_updated: f(products.updatedAt, 'date'),
    },
  },
  orders: {
    table: orders,
    venue: orders.venueId,
    defaultSort: ['-date_created'],
    fields: {
      id: f(orders.id, 'uuid'),
      number: f(orders.number, 'int'),
      venue: f(orders.venueId, 'uuid'),
      status: f(orders.status, 'text'),
      spot: f(orders.spot, 'text'),
      delivery: f(orders.delivery, 'bool'),
      currency: f(orders.currency, 'text'),
      subtotal: f(orders.subtotalMinor, 'money'),
      delivery_cost: f(orders.deliveryCostMinor, 'money'),
      total: f(orders.totalMinor, 'money'),
      delivery_info: f(orders.deliveryInfo, 'json'),
      notes: f(orders.notes, 'text'),
      date_created: f(orders.dateCreated, 'date'),
    },
  },
};

/** Collections of the content backend that are never readable this way (spec section 5). */
export const CORE_COLLECTIONS = ['users', 'roles', 'permissions', 'files'];

export const MAX_LIMIT = ITEMS_MAX_LIMIT;
export const DEFAULT_LIMIT = ITEMS_DEFAULT_LIMIT;

function invalid(path: string, message: string, code: FieldIssue['code'] = 'invalid_value'): never {
  const issues: FieldIssue[] = [{ path, code, message }];
  throw new AppError('VALIDATION', { issues, message: `${path}: ${message}` });
}

/** Checks the collection name: 400 empty, 403 core, 404 unknown. */
export function resolveCollection(name: string | undefined): Collection {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') throw new AppError('COLLECTION_EMPTY');
  if (CORE_COLLECTIONS.includes(trimmed.toLowerCase()) || trimmed.toLowerCase().startsWith('directus_')) {
    throw new AppError('CORE_COLLECTION');
  }
  const collection = Object.hasOwn(COLLECTIONS, trimmed) ? COLLECTIONS[trimmed] : undefined;
  if (!collection) throw new AppError('COLLECTION_NOT_FOUND');
  return collection;
}

/** A filter value converted to the column's type; undefined when it cannot match any row. */
function toDbValue(field: Field, value: unknown, path: string): unknown {
  switch (field.kind) {
    case 'uuid':
      if (typeof value !== 'string') invalid(path, 'must be an id');
      return isUuid(value) ? value : undefined;
    case 'text':
      if (typeof value !== 'string' && typeof value !== 'number') invalid(path, 'must be a text');
      return String(value);
    case 'int': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n)) invalid(path, 'must be a whole number');
      return n;
    }
    case 'money': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) invalid(path, 'must be a number');
      return toMinor(n);
    }
    case 'bool':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      return invalid(path, 'must be true or false');
    case 'date': {
      const d = typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
      if (!d || Number.isNaN(d.getTime())) invalid(path, 'must be a date');
      return d;
    }
    case 'json':
      return invalid(path, 'cannot be filtered');
  }
}

const never = sql`false`;

function operatorCondition(field: Field, op: string, operand: unknown, path: string): SQL {
  const col = field.column;
  const value = () => toDbValue(field, operand, path);
  const list = () => {
    const items = typeof operand === 'string' ? operand.split(',') : operand;
    if (!Array.isArray(items)) invalid(path, 'must be a list');
    return items.map((item, i) => toDbValue(field, item, `${path}[${i}]`)).filter((v) => v !== undefined);
  };
  const compare = (fn: (c: PgColumn, v: unknown) => SQL) => {
    const v = value();
    return v === undefined ? never : fn(col, v);
  };
  const textOnly = () => {
    if (field.kind !== 'text') invalid(path, 'works on text fields only');
    if (typeof operand !== 'string') invalid(path, 'must be a text');
    return operand.replace(/[\\%_]/g, (c) => `\\${c}`);
  };
  switch (op) {
    case '_eq':
      return operand === null ? isNull(col) : compare(eq);
    case '_neq':
      return operand === null ? isNotNull(col) : compare((c, v) => or(ne(c, v), isNull(c))!);
    case '_in': {
      const values = list();
      return values.length ? inArray(col, values) : never;
    }
    case '_nin': {
      const values = list();
      return values.length ? or(not(inArray(col, values)), isNull(col))! : sql`true`;
    }
    case '_null':
      return operand === false || operand === 'false' ? isNotNull(col) : isNull(col);
    case '_nnull':
      return operand === false || operand === 'false' ? isNull(col) : isNotNull(col);
    case '_gt':
      return compare(gt);
    case '_gte':
      return compare(gte);
    case '_lt':
      return compare(lt);
    case '_lte':
      return compare(lte);
    case '_contains':
      return sql`${col} like ${`%${textOnly()}%`}`;
    case '_icontains':
      return ilike(col, `%${textOnly()}%`);
    case '_starts_with':
      return sql`${col} like ${`${textOnly()}%`}`;
    default:
      return invalid(path, `unknown operator ${op}`);
  }
}

function filterCondition(collection: Collection, filter: unknown, path: string, depth = 0): SQL {
  if (depth > 8) invalid(path, 'is nested too deeply');
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) invalid(path, 'must be an object');
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(filter)) {
    const here = `${path}.${key}`;
    if (key === '_and' || key === '_or') {
      if (!Array.isArray(value) || value.length === 0) invalid(here, 'must be a non-empty list');
      const subs = value.map((v, i) => filterCondition(collection, v, `${here}[${i}]`, depth + 1));
      parts.push(key === '_and' ? and(...subs)! : or(...subs)!);
      continue;
    }
    const field = Object.hasOwn(collection.fields, key) ? collection.fields[key]! : undefined;
    if (!field) invalid(here, 'is not a readable field');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      invalid(here, 'must be an object of operators such as {"_eq": ...}');
    }
    for (const [op, operand] of Object.entries(value))
      parts.push(operatorCondition(field, op, operand, `${here}.${op}`));
  }
  return parts.length ? and(...parts)! : sql`true`;
}

function parseFields(collection: Collection, fields: string | undefined): string[] {
  const names = (fields ?? '*')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0 || names.includes('*')) return Object.keys(collection.fields);
  for (const name of names) {
    if (!Object.hasOwn(collection.fields, name)) invalid('fields', `${name} is not a readable field`);
  }
  return [...new Set(names)];
}

function parseSort(collection: Collection, sort: string | undefined): SQL[] {
  const names = sort
    ? sort
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : collection.defaultSort;
  const order = names.map((name) => {
    const descending = name.startsWith('-');
    const key = descending ? name.slice(1) : name;
    const field = Object.hasOwn(collection.fields, key) ? collection.fields[key]! : undefined;
    if (!field || field.kind === 'json') invalid('sort', `${key} is not a sortable field`);
    return descending ? desc(field.column) : asc(field.column);
  });
  // A stable order for paging: rows that tie are ordered by id.
  order.push(asc(collection.fields.id!.column));
  return order;
}

function output(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field.kind === 'money') return fromMinor(value as number);
  if (field.kind === 'date') return (value as Date).toISOString();
  return value;
}

/** The rows of `name` the venues `venueIds` may read, shaped by the query. */
export async function readItems(
  db: Db,
  name: string | undefined,
  venueIds: string[],
  query: ItemsQuery,
): Promise<Record<string, unknown>[]> {
  const collection = resolveCollection(name);
  const fieldNames = parseFields(collection, query.fields);
  let filter: unknown = undefined;
  if (query.filter !== undefined && query.filter.trim() !== '') {
    try {
      filter = JSON.parse(query.filter);
    } catch {
      invalid('filter', 'must be JSON');
    }
  }
  const where: SQL[] = [];
  if (filter !== undefined) where.push(filterCondition(collection, filter, 'filter'));
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const texts = Object.values(collection.fields).filter((x) => x.kind === 'text');
    where.push(or(...texts.map((x) => ilike(x.column, pattern)))!);
  }
  const orderBy = parseSort(collection, query.sort);
  const limit = query.limit === undefined ? DEFAULT_LIMIT : query.limit === -1 ? MAX_LIMIT : query.limit;
  const offset = query.offset ?? (query.page ? (query.page - 1) * limit : 0);
  if (venueIds.length === 0) return [];

  const selection = Object.fromEntries(fieldNames.map((n) => [n, collection.fields[n]!.column]));
  const rows = await db
    .select(selection)
    .from(collection.table)
    .where(and(inArray(collection.venue, venueIds), ...where))
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return rows.map((row) =>
    Object.fromEntries(fieldNames.map((n) => [n, output(collection.fields[n]!, (row as Record<string, unknown>)[n])])),
  );
}
