/**
 * The allergen and diet vocabulary of the product (issue 17, decision 017): the 14 allergens of the
 * EU and UK rules (Regulation (EU) No 1169/2011 Annex II, retained in UK law), the diets a guest can
 * state, what the menu files and old data wrote before, and the one rule that says whether a dish is
 * safe for a guest. Pure and without zod: the guest page's first load imports it.
 *
 * Product data keeps its shape (architecture 4.2): `allergenes` is a list of allergen identifiers
 * (or NO_ALLERGENS), `preferences` a list of labels. Legacy identifiers are read as their new meaning
 * by `normaliseAllergens`, so a dish stored or imported with `nuts` is judged as tree nuts and peanuts.
 */

/** The 14 allergens, in the order of the regulation's annex; identifiers are stable (stored, sent). */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soya',
  'milk',
  'tree-nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type AllergenId = (typeof ALLERGENS)[number];

/**
 * Written alone in a dish's `allergenes`: the venue says the dish contains none of the 14. An empty
 * list says nothing (nobody filled it in), so a dish with an empty list is never called safe.
 */
export const NO_ALLERGENS = 'none';

/** The diets a guest can state; each is kept only by dishes the venue marks with it. */
export const DIETS = ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'] as const;
export type DietId = (typeof DIETS)[number];

export interface DietRule {
  /** Labels (`preferences`) that mark a dish as keeping the diet. */
  keptBy: readonly string[];
  /** Allergens that break the diet whatever the labels say (from the dish or a chosen option). */
  brokenBy: readonly AllergenId[];
}

const ANIMAL_SEAFOOD: readonly AllergenId[] = ['fish', 'crustaceans', 'molluscs'];

export const DIET_RULES: Record<DietId, DietRule> = {
  vegetarian: { keptBy: ['vegetarian', 'vegan'], brokenBy: ANIMAL_SEAFOOD },
  vegan: { keptBy: ['vegan'], brokenBy: [...ANIMAL_SEAFOOD, 'milk', 'eggs'] },
  'gluten-free': { keptBy: ['gluten-free'], brokenBy: ['gluten'] },
  'dairy-free': { keptBy: ['dairy-free', 'vegan'], brokenBy: ['milk'] },
};

/**
 * Labels that say a dish is free of some allergens: the venue's word for those allergens when its
 * allergen list is empty. `bean-free` says nothing (a "bean" was never one allergen).
 */
export const FREE_OF: Readonly<Record<string, readonly AllergenId[]>> = {
  'gluten-free': ['gluten'],
  'dairy-free': ['milk'],
  'egg-free': ['eggs'],
  vegetarian: ANIMAL_SEAFOOD,
  vegan: DIET_RULES.vegan.brokenBy,
};

/** The labels of the product (`preferences`) with a name and an icon; any other label is shown as written. */
export const PREFERENCE_TAGS = [
  'vegetarian',
  'vegan',
  'gluten-free',
  'dairy-free',
  'egg-free',
  'bean-free',
  'spicy',
] as const;

/**
 * Other ways to write an allergen, read as their meaning (decision 017). Where an old identifier
 * could name several allergens it names all of them: a guest allergic to any of them must be told.
 * Keys are lower case with spaces and underscores as hyphens (see allergenKey).
 */
const ALIASES: Readonly<Record<string, readonly AllergenId[]>> = {
  // the identifiers of the spec's icon list and of the menu files before issue 17
  nuts: ['tree-nuts', 'peanuts'],
  nut: ['tree-nuts', 'peanuts'],
  seafood: ['crustaceans', 'molluscs', 'fish'],
  shellfish: ['crustaceans', 'molluscs'],
  dairy: ['milk'],
  bean: ['soya', 'lupin'],
  beans: ['soya', 'lupin'],
  egg: ['eggs'],
  treenuts: ['tree-nuts'],
  // the regulation's and the US label's names, singular and plural, British and American spelling
  'cereals-containing-gluten': ['gluten'],
  wheat: ['gluten'],
  crustacean: ['crustaceans'],
  'crustacean-shellfish': ['crustaceans'],
  peanut: ['peanuts'],
  groundnuts: ['peanuts'],
  soy: ['soya'],
  soybean: ['soya'],
  soybeans: ['soya'],
  lactose: ['milk'],
  'tree-nut': ['tree-nuts'],
  celeriac: ['celery'],
  'sesame-seeds': ['sesame'],
  sulphite: ['sulphites'],
  sulfite: ['sulphites'],
  sulfites: ['sulphites'],
  'sulphur-dioxide': ['sulphites'],
  'sulfur-dioxide': ['sulphites'],
  lupine: ['lupin'],
  lupins: ['lupin'],
  mollusc: ['molluscs'],
  mollusk: ['molluscs'],
  mollusks: ['molluscs'],
};

/** "Tree nuts", "tree_nuts", " TREE-NUTS " -> "tree-nuts". */
export function allergenKey(id: string): string {
  return id
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

export function isAllergenId(value: unknown): value is AllergenId {
  return typeof value === 'string' && (ALLERGENS as readonly string[]).includes(value);
}

export function isDietId(value: unknown): value is DietId {
  return typeof value === 'string' && (DIETS as readonly string[]).includes(value);
}

/** The allergens an identifier means (its own, or an old or other name's); null when it names none. */
export function allergensMeant(id: string): readonly AllergenId[] | null {
  const key = allergenKey(id);
  if (isAllergenId(key)) return [key];
  return ALIASES[key] ?? null;
}

/**
 * A dish's allergen list in the product's identifiers: legacy and other names read as their meaning,
 * in the annex's order, without repeats; NO_ALLERGENS kept only when no allergen is listed (a list
 * that names one is the stronger statement). Anything else is kept as written (lower case) after the
 * allergens: the import and the forms refuse it, old data may still hold it.
 */
export function normaliseAllergens(ids: readonly string[] | null | undefined): string[] {
  const found = new Set<AllergenId>();
  const other: string[] = [];
  let none = false;
  for (const id of ids ?? []) {
    const meant = allergensMeant(id);
    if (meant) for (const a of meant) found.add(a);
    else if (allergenKey(id) === NO_ALLERGENS) none = true;
    else {
      const kept = id.trim().toLowerCase();
      if (kept && !other.includes(kept)) other.push(kept);
    }
  }
  const allergens: string[] = ALLERGENS.filter((a) => found.has(a));
  if (none && allergens.length === 0) allergens.push(NO_ALLERGENS);
  return [...allergens, ...other];
}

/** Whether an allergen list entry is one the product understands (an allergen, another name, or NO_ALLERGENS). */
export function isKnownAllergenEntry(id: string): boolean {
  return allergensMeant(id) !== null || allergenKey(id) === NO_ALLERGENS;
}

/** A guest's allergies and diets (sent with the chat and the order as `allergyProfile`). */
export interface AllergyProfile {
  allergens: readonly AllergenId[];
  diets: readonly DietId[];
}

export const EMPTY_ALLERGY_PROFILE: AllergyProfile = { allergens: [], diets: [] };

export function isEmptyAllergyProfile(profile: AllergyProfile | null | undefined): boolean {
  return !profile || (profile.allergens.length === 0 && profile.diets.length === 0);
}

/**
 * Several guests' allergies and diets as one (a table's order, decision 034): every allergen any of
 * them has, the diets too, in the annex's order; null when none has any.
 */
export function unionAllergyProfiles(
  profiles: readonly (AllergyProfile | null | undefined)[],
): { allergens: AllergenId[]; diets: DietId[] } | null {
  const allergens = new Set(profiles.flatMap((p) => p?.allergens ?? []));
  const diets = new Set(profiles.flatMap((p) => p?.diets ?? []));
  if (!allergens.size && !diets.size) return null;
  return { allergens: ALLERGENS.filter((a) => allergens.has(a)), diets: DIETS.filter((d) => diets.has(d)) };
}

/** A dish or an option as the rule reads it: its labels and its allergen list (the public product's fields). */
export interface DietaryFacts {
  preferences?: readonly string[] | null;
  allergenes?: readonly string[] | null;
}
/** A chosen option: its own allergens count; its id and name say which option a reason is about. */
export interface ChosenOptionFacts extends DietaryFacts {
  id?: string;
  name?: string;
}

/** Where a reason comes from: the dish itself, or one of the chosen options. */
export type ReasonSource = { option: { id?: string; name?: string } } | { option?: undefined };

export type SafetyReason =
  /** The dish or a chosen option lists an allergen of the guest. */
  | ({ kind: 'allergen'; allergen: AllergenId } & ReasonSource)
  /** The dish is not marked as keeping the diet. */
  | { kind: 'diet-not-marked'; diet: DietId; option?: undefined }
  /** The dish or a chosen option holds an allergen that breaks the diet. */
  | ({ kind: 'diet-broken'; diet: DietId; allergen: AllergenId } & ReasonSource);

export type ProductSafety =
  | { verdict: 'safe' }
  /** `unknown` also lists the guest's allergens the venue said nothing about. */
  | { verdict: 'unsafe'; reasons: SafetyReason[]; unknown: AllergenId[] }
  /** Nothing says the dish is unsafe, but the venue gave no allergen data for these: ask the staff. */
  | { verdict: 'unknown'; unknown: AllergenId[] };

/**
 * Whether a dish, with the options the guest chose, is safe for an allergy profile, and why not.
 *
 * - An allergen of the guest listed by the dish or by a chosen option: unsafe.
 * - A diet: unsafe when the dish lacks a label that keeps it, or the dish or a chosen option holds an
 *   allergen that breaks it (extra mozzarella on a vegan pizza).
 * - An allergen of the guest that nothing lists: safe only if the venue gave the dish's allergens
 *   (a list naming one of the 14, or NO_ALLERGENS) or marked it free of that allergen (`gluten-free`);
 *   otherwise unknown. A chosen option adds what it lists: an option's empty list adds nothing.
 * Old identifiers count as their meaning (`nuts` is tree nuts and peanuts).
 */
export function checkProductSafety(
  product: DietaryFacts,
  chosen: readonly ChosenOptionFacts[],
  profile: AllergyProfile,
): ProductSafety {
  const own = normaliseAllergens(product.allergenes);
  const labels = new Set((product.preferences ?? []).map((p) => p.trim().toLowerCase()));
  const reasons = [
    ...reasonsFrom({ allergens: own }, profile),
    ...chosen.flatMap((o) => reasonsFrom({ allergens: normaliseAllergens(o.allergenes), option: o }, profile)),
    ...profile.diets
      .filter((diet) => !DIET_RULES[diet].keptBy.some((l) => labels.has(l)))
      .map((diet): SafetyReason => ({ kind: 'diet-not-marked', diet })),
  ].sort((a, b) => REASON_RANK[a.kind] - REASON_RANK[b.kind]);
  const listed = new Set(reasons.flatMap((r) => (r.kind === 'allergen' ? [r.allergen] : [])));
  const freeOf = new Set([...labels].flatMap((l) => FREE_OF[l] ?? []));
  // Only an entry of the vocabulary says the list was filled in: a list holding just "pork" says nothing of the 14.
  const hasData = own.some(isKnownAllergenEntry);
  const unknown = hasData ? [] : profile.allergens.filter((a) => !listed.has(a) && !freeOf.has(a));
  if (reasons.length > 0) return { verdict: 'unsafe', reasons, unknown };
  if (unknown.length > 0) return { verdict: 'unknown', unknown };
  return { verdict: 'safe' };
}

/** Most serious first: what the guest named, then a diet broken by an ingredient, then a missing label. */
const REASON_RANK: Record<SafetyReason['kind'], number> = { allergen: 0, 'diet-broken': 1, 'diet-not-marked': 2 };

/** The reasons one dish or option's own allergens give against the profile. */
function reasonsFrom(
  source: { allergens: readonly string[]; option?: ChosenOptionFacts },
  profile: AllergyProfile,
): SafetyReason[] {
  const from: ReasonSource = source.option ? { option: { id: source.option.id, name: source.option.name } } : {};
  const holds = (a: AllergenId) => source.allergens.includes(a);
  return [
    ...profile.allergens.filter(holds).map((allergen): SafetyReason => ({ kind: 'allergen', allergen, ...from })),
    ...profile.diets.flatMap((diet) =>
      DIET_RULES[diet].brokenBy
        .filter(holds)
        .map((allergen): SafetyReason => ({ kind: 'diet-broken', diet, allergen, ...from })),
    ),
  ];
}

/**
 * What one option would bring against the profile (for the option chooser): the reasons the option
 * itself causes, empty when choosing it adds nothing unsafe. The dish's own reasons are not repeated.
 */
export function optionSafetyReasons(option: ChosenOptionFacts, profile: AllergyProfile): SafetyReason[] {
  return reasonsFrom({ allergens: normaliseAllergens(option.allergenes), option }, profile);
}

/**
 * What the allergy banner of an order shows (order page, staff board, kitchen ticket): the guest's
 * allergens in the annex's order and the diets in theirs, or null when there is nothing to show.
 */
export function allergyBanner(
  profile: AllergyProfile | null | undefined,
): { allergens: AllergenId[]; diets: DietId[] } | null {
  if (!profile || isEmptyAllergyProfile(profile)) return null;
  return {
    allergens: ALLERGENS.filter((a) => profile.allergens.includes(a)),
    diets: DIETS.filter((d) => profile.diets.includes(d)),
  };
}
