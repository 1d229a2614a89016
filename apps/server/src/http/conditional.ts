/** True when an If-None-Match header matches the ETag (weak comparison, RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/** Picks br, then gzip, from an Accept-Encoding header, honouring q=0. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  // Browsers send a plain list such as "gzip, deflate, br, zstd": no q-values to weigh.
  if (!acceptEncoding.includes(';')) {
    if (/(?:^|[\s,])br(?:$|[\s,])/i.test(acceptEncoding)) return 'br';
    if (/(?:^|[\s,])(?:x-)?gzip(?:$|[\s,])|\*/i.test(acceptEncoding)) return 'gzip';
    return null;
  }
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : null;
}
