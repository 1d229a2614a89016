import { chooseLanguage, type Language } from '@carte/domain/languages';

/** Accept-Language's tags, most preferred first (q=0 left out; equal weights keep their order). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language of a server-rendered page: the domain's choice order, the one the web app applies. */
export function pageLanguage(input: {
  query: unknown;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}): Language {
  return chooseLanguage({
    query: typeof input.query === 'string' ? input.query : null,
    stored: input.cookie,
    browser: acceptedLanguages(input.acceptLanguage),
  });
}
