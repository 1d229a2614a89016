import { useEffect } from 'react';
import type { PublicVenue } from '@carte/domain/public-types';
import { parseHex, textColourOn } from '../../../lib/contrast.ts';

/** The CSS variables a venue theme sets; text on the brand colour is black or white by WCAG contrast. */
export function themeVariables(theme: PublicVenue['theme']): Record<string, string> {
  if (!theme || !parseHex(theme.primary)) return {};
  const vars: Record<string, string> = {
    '--brand': theme.primary,
    '--brand-contrast': textColourOn(theme.primary),
  };
  if (theme.accent && parseHex(theme.accent)) {
    vars['--accent'] = theme.accent;
    vars['--accent-contrast'] = textColourOn(theme.accent);
  }
  return vars;
}

/** Spec section 4, on load: the venue's theme colours are applied to the whole document. */
export function useVenueTheme(theme: PublicVenue['theme'] | undefined): void {
  const primary = theme?.primary;
  const accent = theme?.accent;
  useEffect(() => {
    const vars = themeVariables(primary ? { primary, ...(accent ? { accent } : {}) } : null);
    const root = document.documentElement;
    for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
    const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (meta && vars['--brand']) meta.content = vars['--brand'];
    return () => {
      for (const name of Object.keys(vars)) root.style.removeProperty(name);
    };
  }, [primary, accent]);
}
