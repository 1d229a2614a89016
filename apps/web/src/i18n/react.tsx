import { createContext, use, useCallback, useSyncExternalStore, type ReactNode } from 'react';
import type { I18n, TFunction } from './translator.ts';

/** react-i18next's binding, as the app uses it: a provider, and `useTranslation()` returning `{ t, i18n }`. */
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

/**
 * The translator of the nearest provider and its `t` for the current language. The component renders
 * again when the language changes; `t` is the same function as long as the language stays, so it can
 * sit in a memo's or an effect's dependencies. The server and the browser read the same language.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = use(I18nContext);
  if (!i18n) throw new Error('useTranslation() needs an <I18nProvider> above it');
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    },
    [i18n],
  );
  const language = useSyncExternalStore(
    subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  return { t: i18n.getFixedT(language), i18n };
}
