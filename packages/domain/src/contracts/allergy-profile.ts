import { z } from '../zod.ts';
import { ALLERGENS, allergensMeant, DIETS, type AllergenId, type AllergyProfile, type DietId } from '../allergens.ts';

/**
 * `allergyProfile` as the chat (POST /api/chat) and the order (POST /api/order) take it: the guest's
 * allergens and diets. Another name of an allergen is read as its meaning (`nuts` is tree nuts and
 * peanuts, decision 017); the answer lists each once, in the annex's order. Anything else is a 400
 * naming the entry.
 */
const allergenEntry = z.string({ error: 'must be an allergen' }).refine((s) => allergensMeant(s) !== null, {
  error: (issue) => `unknown allergen "${String(issue.input)}": use one of ${ALLERGENS.join(', ')}`,
});

export const allergyProfileSchema = z
  .object(
    {
      allergens: z
        .array(allergenEntry, { error: 'must be a list of allergens' })
        .max(40, { error: 'must have at most 40 entries' })
        .default([])
        .transform((list): AllergenId[] => {
          const meant = new Set(list.flatMap((s) => allergensMeant(s) ?? []));
          return ALLERGENS.filter((a) => meant.has(a));
        }),
      diets: z
        .array(z.enum(DIETS, { error: `must be one of ${DIETS.join(', ')}` }), { error: 'must be a list of diets' })
        .max(DIETS.length * 2, { error: `must have at most ${DIETS.length * 2} entries` })
        .default([])
        .transform((list): DietId[] => DIETS.filter((d) => list.includes(d))),
    },
    { error: (issue) => (issue.code === 'invalid_type' ? 'must be an object with allergens and diets' : undefined) },
  )
  .strict() satisfies z.ZodType<AllergyProfile, unknown>;

export type AllergyProfileInput = z.input<typeof allergyProfileSchema>;

/** A profile as answers carry it: already in the product's identifiers, in the annex's order. */
export const allergyProfileAnswerSchema = z.object({
  allergens: z.array(z.enum(ALLERGENS)),
  diets: z.array(z.enum(DIETS)),
}) satisfies z.ZodType<AllergyProfile, unknown>;
