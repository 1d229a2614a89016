import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportCsvKind, SalesReportAnswer, ZListAnswer, ZReport } from '@carte/domain/contracts/reports';
import { apiRequest, apiUrl } from '../../../lib/api-client.ts';

/** Sales and Z reports (architecture 4.13, decision 024): owners only. */
export const reportsKey = (venueId: string) => ['back-office', 'reports', venueId] as const;

export function useSalesReport(venueId: string, from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey(venueId), 'sales', from, to],
    queryFn: ({ signal }) =>
      apiRequest<SalesReportAnswer>('/api/venue/reports/sales', { query: { venueId, from, to }, signal }),
    enabled,
    staleTime: 0,
  });
}

export function useZList(venueId: string) {
  return useQuery({
    queryKey: [...reportsKey(venueId), 'z-list'],
    queryFn: ({ signal }) => apiRequest<ZListAnswer>('/api/venue/reports/z-list', { query: { venueId }, signal }),
    staleTime: 0,
  });
}

export function useCloseDay(venueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) =>
      apiRequest<ZReport>('/api/venue/reports/close-day', { method: 'POST', body: { venueId, date } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: reportsKey(venueId) });
    },
  });
}

/** The CSV download's address (the session cookie signs it in). */
export function salesCsvUrl(venueId: string, from: string, to: string, kind: ReportCsvKind): string {
  return apiUrl('/api/venue/reports/sales', { venueId, from, to, format: 'csv', kind });
}

/** A Z report's PDF, its labels in the owner's language. */
export function zReportPdfUrl(venueId: string, number: number, lang: string): string {
  return apiUrl('/api/venue/reports/z', { venueId, number, format: 'pdf', lang });
}
