import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicProduct } from '@carte/domain/public-types';
import { staffRequest } from './request.ts';
import { venueKey } from './venue.ts';

export type ProductStatus = 'available' | 'unavailable';

export interface ProductVariationInput {
  /** An existing variation's id, or a temporary `new-<n>` id the groups refer to. */
  id?: string;
  name: string;
  price_variation: number;
  preferences: string[];
  allergenes: string[];
}

export interface ProductGroupInput {
  id?: string;
  name: string;
  min: number;
  max: number;
  variationIds: string[];
}

/** The body of POST /api/product (without `venue`) and, as a part of it, of PATCH. */
export interface ProductInput {
  name: string;
  description: string | null;
  /** Decimal major units (11.5), or null for "ask for price". */
  price: number | null;
  /** An asset id, null to remove the photo; left out to keep it. */
  image?: string | null;
  status: ProductStatus;
  recommended: boolean;
  preferences: string[];
  allergenes: string[];
  categories: string[];
  variations: ProductVariationInput[];
  variationGroups: ProductGroupInput[];
}

export type ProductPatch = { id: string } & Partial<ProductInput>;

export const productsKey = (venueId: string) => ['back-office', 'products', venueId] as const;

export function getStaffProducts(venueId: string, signal?: AbortSignal): Promise<PublicProduct[]> {
  return staffRequest<PublicProduct[]>('/api/product', {
    query: { venueId, owner: true },
    ...(signal ? { signal } : {}),
  });
}

export const staffProductsQueryOptions = (venueId: string) =>
  queryOptions({
    queryKey: productsKey(venueId),
    queryFn: ({ signal }) => getStaffProducts(venueId, signal),
    staleTime: 0,
  });

export function useStaffProducts(venueId: string) {
  return useQuery(staffProductsQueryOptions(venueId));
}

export function createProduct(venueId: string, input: ProductInput): Promise<PublicProduct> {
  return staffRequest<PublicProduct>('/api/product', { method: 'POST', body: { venue: venueId, ...input } });
}

export function updateProduct(patch: ProductPatch): Promise<PublicProduct> {
  return staffRequest<PublicProduct>('/api/product', { method: 'PATCH', body: patch });
}

export function deleteProduct(id: string): Promise<unknown> {
  return staffRequest<unknown>('/api/product', { method: 'DELETE', query: { id } });
}

/**
 * The one-tap sold-out switch: PATCH {id, status}, shown at once and rolled back when refused.
 * Any other settled change refreshes the list from the server.
 */
export function useSetProductStatus(venueId: string) {
  const client = useQueryClient();
  const key = productsKey(venueId);
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ProductStatus }) => updateProduct({ id, status }),
    onMutate: async ({ id, status }) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<PublicProduct[]>(key);
      client.setQueryData<PublicProduct[]>(key, (list) => list?.map((p) => (p.id === id ? { ...p, status } : p)));
      return { previous: previous?.find((p) => p.id === id)?.status };
    },
    onError: (_error, { id }, context) => {
      const before = context?.previous;
      if (before === undefined) return;
      client.setQueryData<PublicProduct[]>(key, (list) => list?.map((p) => (p.id === id ? { ...p, status: before } : p)));
    },
  });
}

export function useSaveProduct(venueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: { id: string | null; input: ProductInput; patch: Partial<ProductInput> }) =>
      args.id ? updateProduct({ id: args.id, ...args.patch }) : createProduct(venueId, args.input),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: productsKey(venueId) });
    },
  });
}

export function useDeleteProduct(venueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    // Not awaited: the form leaves for the list first, and the list then loads without the dish.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: productsKey(venueId) });
    },
  });
}

export interface CategoryAnswer {
  id: string;
  name: string;
}

/** POST /api/category {venueId, name}: a new category, created from the product form. */
export function createCategory(venueId: string, name: string): Promise<CategoryAnswer> {
  return staffRequest<CategoryAnswer>('/api/category', { method: 'POST', body: { venueId, name } });
}

export function useCreateCategory(venueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createCategory(venueId, name),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: venueKey(venueId) });
    },
  });
}
