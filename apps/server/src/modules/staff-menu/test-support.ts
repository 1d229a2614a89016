import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** Test helpers of the staff menu (uploads): a multipart body app.inject can send. */
export interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----carte${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small real PNG (a coloured square). */
export function pngBytes(size = 32, background = '#b4532a'): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background } }).png().toBuffer();
}

/** The upload of one file in the `file` field. */
export function fileUpload(data: Buffer | string, filename = 'photo.png', contentType = 'image/png') {
  return multipart([{ name: 'file', data, filename, contentType }]);
}
