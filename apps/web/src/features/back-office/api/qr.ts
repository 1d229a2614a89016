import { buildUrl, unwrap } from './request.ts';

export type QrLayout = 'pages' | 'cards';

/**
 * GET /api/venue/qr: the table QR codes as a PDF, saved under a readable name. A refusal comes
 * back as the JSON envelope and rejects with its message.
 */
export async function downloadQrPdf(venueId: string, venueUrl: string, layout: QrLayout): Promise<void> {
  const response = await fetch(buildUrl('/api/venue/qr', { venueId, layout }), { credentials: 'same-origin' });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('pdf')) {
    await unwrap<never>(response);
    return;
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `${venueUrl}-qr-${layout}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
