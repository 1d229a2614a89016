import type { UploadedAsset } from '@carte/domain/contracts/asset';
import { ApiError, apiUrl, unwrapEnvelope } from '../api-client.ts';

export type { UploadedAsset };

/**
 * POST /api/asset (multipart, field `file`) through XMLHttpRequest, whose upload events give the
 * progress bar (fetch has none). `onProgress` gets 0..1. Refusals (400, 413, 415) reject with the
 * server's message.
 */
export function uploadAsset(
  file: File,
  venueId: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedAsset> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // The venue in the query too: the server checks the role before it reads the file.
    xhr.open('POST', apiUrl('/api/asset', { venueId }));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const response = new Response(xhr.responseText || null, {
        status: xhr.status,
        statusText: xhr.statusText,
        headers: { 'content-type': 'application/json' },
      });
      onProgress(1);
      unwrapEnvelope<UploadedAsset>(response).then(resolve, reject);
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'NETWORK', 'The network request failed.')));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('venueId', venueId);
    form.append('file', file);
    xhr.send(form);
  });
}
