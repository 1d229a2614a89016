/** Loads the demo venues (apps/server/seed/venues/*.json, import-file shape) as assistant menus. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { normaliseAllergens, toMinor } from '@carte/domain';
import type { AssistantMenu } from '../../types.ts';

interface ImportFile {
  venue: { name: string; currency: string; useTextMenu?: boolean; textMenu?: string | null };
  categories?: { id: string; name: string }[];
  products?: {
    id: string;
    name: string;
    description?: string | null;
    price?: number | null;
    status?: string;
    recommended?: boolean;
    preferences?: string[];
    allergenes?: string[];
    categories?: string[];
    variations?: {
      id: string;
      name: string;
      price_variation?: number | null;
      allergenes?: string[];
      preferences?: string[];
    }[];
    variationGroups?: { id: string; name: string; min?: number; max?: number; variations: string[] }[];
  }[];
}

export const DEMO_VENUES = ['trattoria-da-luca', 'baan-suan', 'the-anchor'] as const;

export function loadDemoMenu(venueUrl: (typeof DEMO_VENUES)[number]): AssistantMenu {
  return loadMenuFile(fileURLToPath(new URL(`../../../../../seed/venues/${venueUrl}.json`, import.meta.url)));
}

/**
 * Any venue import file (the demo venues, the evaluation's blind venues) as an assistant menu, as the
 * database holds it: allergen names read as the 14 identifiers (storedMenu), so a seed file's old
 * "dairy", "nuts" or "seafood" reaches the engine as "milk", "peanuts" and "tree-nuts", "crustaceans"
 * and "molluscs", as in production.
 */
export function loadMenuFile(path: string): AssistantMenu {
  return importedMenu(JSON.parse(readFileSync(path, 'utf8')) as ImportFile);
}

/** A blind evaluation set's own venue (`{ "import": {...}, "cases": [...] }`) as an assistant menu. */
export function loadCaseFileVenue(path: string): AssistantMenu {
  return importedMenu((JSON.parse(readFileSync(path, 'utf8')) as { import: ImportFile }).import);
}

function importedMenu(file: ImportFile): AssistantMenu {
  const cats = new Map((file.categories ?? []).map((c) => [c.id, c.name]));
  return storedMenu({
    venueName: file.venue.name,
    currency: file.venue.currency,
    useTextMenu: file.venue.useTextMenu ?? false,
    textMenu: file.venue.textMenu ?? null,
    products: (file.products ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description ?? null,
      priceMinor: p.price == null ? null : toMinor(p.price),
      recommended: p.recommended ?? false,
      status: p.status ?? 'available',
      preferences: (p.preferences ?? []).map((x) => x.toLowerCase()),
      allergenes: (p.allergenes ?? []).map((x) => x.toLowerCase()),
      categories: (p.categories ?? []).map((id) => ({ id, name: cats.get(id) ?? id })),
      variations: (p.variations ?? []).map((v) => ({
        id: v.id,
        name: v.name,
        priceVariationMinor: toMinor(v.price_variation ?? 0),
        allergenes: (v.allergenes ?? []).map((x) => x.toLowerCase()),
        preferences: (v.preferences ?? []).map((x) => x.toLowerCase()),
      })),
      // Group and variation ids are the file's keys here, as in the database they are the stored ids.
      variationGroups: (p.variationGroups ?? []).map((g) => ({
        id: g.id,
        name: g.name,
        min: g.min ?? 0,
        max: g.max ?? 1,
        variationIds: [...g.variations],
      })),
    })),
  });
}

/**
 * A menu as the database holds it: the import reads old and other allergen names as the 14
 * identifiers (normaliseAllergens), so a seed file's "dairy" is stored "milk". Safety measures run
 * on this, never on the file's spelling.
 */
export function storedMenu(menu: AssistantMenu): AssistantMenu {
  return {
    ...menu,
    products: menu.products.map((p) => ({
      ...p,
      allergenes: normaliseAllergens(p.allergenes),
      variations: p.variations.map((v) => (v.allergenes ? { ...v, allergenes: normaliseAllergens(v.allergenes) } : v)),
    })),
  };
}
