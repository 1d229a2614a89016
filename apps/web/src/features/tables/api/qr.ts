import type { QrLayout } from '@carte/domain/contracts/venue';
import { downloadFile } from '../../../lib/api-client.ts';

export type { QrLayout };

/**
 * GET /api/venue/qr: the table QR codes as a PDF, saved under a readable name. A refusal comes
 * back as the JSON envelope and rejects with its message.
 */
export function downloadQrPdf(venueId: string, venueUrl: string, layout: QrLayout): Promise<void> {
  return downloadFile('/api/venue/qr', { venueId, layout }, `${venueUrl}-qr-${layout}.pdf`, 'pdf');
}
