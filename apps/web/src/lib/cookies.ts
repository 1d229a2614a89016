export function readCookie(name: string, source: string = document.cookie): string | undefined {
  for (const part of source.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The cookie string the language picker writes (spec section 9: 365 days, path /, SameSite=Lax). */
export function serialiseCookie(name: string, value: string, options: { maxAgeDays: number; path?: string }): string {
  const maxAge = Math.round(options.maxAgeDays * 24 * 60 * 60);
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=${options.path ?? '/'}; SameSite=Lax${secure}`;
}

export function writeCookie(name: string, value: string, options: { maxAgeDays: number; path?: string }): void {
  document.cookie = serialiseCookie(name, value, options);
}
