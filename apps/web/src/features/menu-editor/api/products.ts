import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductInput, ProductPatch, ProductStatus, StaffProduct } from '@carte/domain/contracts/product';
import type { StaffCategory, UpdateCategoryInput } from '@carte/domain/contracts/category';
import { apiRequest } from '../../../lib/api-client.ts';
import { venueKey } from '../../../lib/staff/venue-api.ts';

/** The bodies of POST and PATCH /api/product and the answers: the domain's contract (issue 16). */
export type { ProductInput, ProductPatch, ProductStatus, StaffProduct } from '@carte/domain/contracts/product';

export const productsKey = (venueId: string) => ['back-office', 'products', venueId] as const;

export function getStaffProducts(venueId: string, signal?: AbortSignal): Promise<StaffProduct[]> {
  return apiRequest<StaffProduct[]>('/api/product', {
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

export function createProduct(venueId: string, input: ProductInput): Promise<StaffProduct> {
  return apiRequest<StaffProduct>('/api/product', { method: 'POST', body: { venue: venueId, ...input } });
}

export function updateProduct(patch: ProductPatch): Promise<StaffProduct> {
  return apiRequest<StaffProduct>('/api/product', { method: 'PATCH', body: patch });
}

export function deleteProduct(id: string): Promise<unknown> {
  return apiRequest<unknown>('/api/product', { method: 'DELETE', query: { id } });
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
      const previous = client.getQueryData<StaffProduct[]>(key);
      client.setQueryData<StaffProduct[]>(key, (list) => list?.map((p) => (p.id === id ? { ...p, status } : p)));
      return { previous: previous?.find((p) => p.id === id)?.status };
    },
    onError: (_error, { id }, context) => {
      const before = context?.previous;
      if (before === undefined) return;
      client.setQueryData<StaffProduct[]>(key, (list) =>
        list?.map((p) => (p.id === id ? { ...p, status: before } : p)),
      );
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

/** POST /api/category {venueId, name}: a new category, created from the product form. */
export function createCategory(venueId: string, name: string): Promise<StaffCategory> {
  return apiRequest<StaffCategory>('/api/category', { method: 'POST', body: { venueId, name } });
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

/** PATCH /api/category {id, ...changed}: here a category's tax rate (null: the venue's default). */
export function updateCategory(patch: UpdateCategoryInput): Promise<StaffCategory> {
  return apiRequest<StaffCategory>('/api/category', { method: 'PATCH', body: patch });
}

export function useUpdateCategory(venueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: async () => {
      // The venue's settings carry its categories; the dishes' rates follow them.
      await client.invalidateQueries({ queryKey: venueKey(venueId) });
    },
  });
}
