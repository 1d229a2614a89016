/**
 * The app's translator: the part of i18next's API the app uses (one namespace, `.` between nested
 * keys, `{{name}}` values, `count` plurals, English as the fallback, languages loaded on demand), in
 * a few hundred bytes instead of i18next's ~14 KB in the guest page's first load (issue 11).
 * React escapes what it renders, so values are inserted as they are (i18next's escapeValue: false).
 */
export type Resources = { [key: string]: string | Resources };
/** `count` picks the plural form; `defaultValue` answers a key no language has; the rest are `{{values}}`. */
export type TOptions = { count?: number; defaultValue?: string; [name: string]: unknown };
export type TFunction = (key: string, options?: TOptions) => string;
type Listener = (language: string) => void;

export interface I18n {
  /** The language asked for last (its strings may have failed to load: see resolvedLanguage). */
  readonly language: string;
  /** The language the strings are in: `language` once its strings are loaded, else the fallback. */
  readonly resolvedLanguage: string;
  /** Translates in the current language. */
  t: TFunction;
  /** A key that the current language or the fallback has. */
  exists(key: string): boolean;
  /** `t` for one language, the same function for every call with that language. */
  getFixedT(language: string): TFunction;
  /** Loads the language's strings if needed, then switches and tells the listeners; the last call wins. */
  changeLanguage(language: string): Promise<void>;
  /** Adds strings to a language (i18next's signature; one namespace); `deep` merges nested keys. */
  addResourceBundle(
    language: string,
    namespace: 'translation',
    bundle: Resources,
    deep?: boolean,
    overwrite?: boolean,
  ): void;
  on(event: 'languageChanged', listener: Listener): void;
  off(event: 'languageChanged', listener: Listener): void;
}

export interface TranslatorOptions {
  /** The language of every missing string, present in `resources`; the language the translator starts in. */
  fallbackLanguage: string;
  /** Strings bundled with the code (copied: the translator never changes these objects). */
  resources: Record<string, Resources>;
  /** Fetches a language's strings the first time it is used. */
  load?: (language: string) => Promise<Resources>;
}

const isTree = (value: unknown): value is Resources => typeof value === 'object' && value !== null;

/** i18next's deepExtend, into copies: a nested object is merged, a string replaced only with `overwrite`. */
function merge(target: Resources, source: Resources, overwrite: boolean): Resources {
  for (const [key, from] of Object.entries(source)) {
    const to = target[key];
    if (isTree(from) && (to === undefined || isTree(to))) target[key] = merge(to ?? {}, from, overwrite);
    else if (to === undefined || overwrite) target[key] = isTree(from) ? merge({}, from, true) : from;
  }
  return target;
}

function lookup(tree: Resources | undefined, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) node = isTree(node) ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
/** The plural category of `count` in `language` ('one', 'other', 'few', ...), as i18next asks Intl. */
function pluralForm(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

/**
 * `{{name}}` (or `{{a.b}}`) replaced by its value, once (a value's own braces stay as they are). As
 * i18next: a value passed as undefined or null is empty; a name not passed at all stays `{{name}}`.
 */
function interpolate(text: string, values: TOptions): string {
  return text.replace(/{{(.+?)}}/g, (match, name: string) => {
    const path = name.trim();
    const value = path.split('.').reduce<unknown>((node, part) => (isTree(node) ? node[part] : undefined), values);
    return value === undefined && !(path in values) ? match : String(value ?? '');
  });
}

export function createTranslator({ fallbackLanguage, resources, load }: TranslatorOptions): I18n {
  const data: Record<string, Resources> = {};
  const loaded = new Set<string>();
  const loading = new Map<string, Promise<void>>();
  const fixed = new Map<string, TFunction>();
  const listeners = new Set<Listener>();
  let language = fallbackLanguage;
  let resolvedLanguage = fallbackLanguage;
  let changingTo: string | undefined;

  const add = (lng: string, bundle: Resources, deep: boolean, overwrite: boolean) => {
    const tree = data[lng] ?? {};
    data[lng] = deep ? merge(tree, bundle, overwrite) : { ...tree, ...merge({}, bundle, true) };
  };
  for (const [lng, bundle] of Object.entries(resources)) {
    add(lng, bundle, true, true);
    loaded.add(lng);
  }

  const translate = (lng: string, key: string, options: TOptions = {}): string => {
    const { count } = options;
    for (const code of lng === fallbackLanguage ? [lng] : [lng, fallbackLanguage]) {
      // i18next's order: key_zero (for 0, in every language), key_<Intl plural category>, then key.
      const keys =
        typeof count === 'number'
          ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralForm(code, count)}`, key]
          : [key];
      for (const candidate of keys) {
        const text = lookup(data[code], candidate);
        if (text !== undefined) return interpolate(text, options);
      }
    }
    return interpolate(options.defaultValue ?? key, options);
  };

  /** Fetches a language's strings once; a failure is logged and may be tried again by a later switch. */
  const ensure = (lng: string): Promise<void> => {
    if (loaded.has(lng) || !load) return Promise.resolve();
    let pending = loading.get(lng);
    if (!pending) {
      pending = load(lng).then(
        (bundle) => {
          add(lng, bundle, true, true);
          loaded.add(lng);
        },
        (error: unknown) => {
          // Spec section 8: a failed locale load is logged; the UI stays in the fallback language.
          console.warn(`Failed to load locale ${lng}`, error);
        },
      );
      loading.set(lng, pending);
      void pending.then(() => loading.delete(lng));
    }
    return pending;
  };

  return {
    get language() {
      return language;
    },
    get resolvedLanguage() {
      return resolvedLanguage;
    },
    t: (key, options) => translate(language, key, options),
    exists: (key) => [language, fallbackLanguage].some((code) => lookup(data[code], key) !== undefined),
    getFixedT(lng) {
      let t = fixed.get(lng);
      if (!t) fixed.set(lng, (t = (key, options) => translate(lng, key, options)));
      return t;
    },
    async changeLanguage(next) {
      changingTo = next;
      await ensure(next);
      // A later call started meanwhile: its language is the one asked for.
      if (changingTo !== next) return;
      changingTo = undefined;
      language = next;
      resolvedLanguage = loaded.has(next) ? next : fallbackLanguage;
      for (const listener of [...listeners]) listener(next);
    },
    addResourceBundle(lng, _namespace, bundle, deep = false, overwrite = false) {
      add(lng, bundle, deep, overwrite);
    },
    on: (_event, listener) => void listeners.add(listener),
    off: (_event, listener) => void listeners.delete(listener),
  };
}
