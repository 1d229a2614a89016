import { useId } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Languages } from '../../../components/ui/icons.tsx';
import { changeLanguage } from '../../../i18n/index.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, toLanguage } from '../../../i18n/languages.ts';

/**
 * A native select: light, and the phone's own picker is the easiest to use with one thumb.
 * Each language is named in itself; choosing one stores it in the i18n_redirected cookie.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  return (
    <div className="relative flex min-h-11 items-center">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <Languages aria-hidden="true" className="pointer-events-none absolute left-2 size-4 text-muted" />
      <select
        id={id}
        value={current}
        onChange={(event) => void changeLanguage(i18n, event.target.value)}
        className="h-11 max-w-[8.5rem] cursor-pointer appearance-none rounded-lg border border-transparent bg-transparent py-0 pr-2 pl-7 text-sm font-medium hover:border-line"
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}
