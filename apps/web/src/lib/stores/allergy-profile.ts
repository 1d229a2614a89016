import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  ALLERGENS,
  DIETS,
  EMPTY_ALLERGY_PROFILE,
  isAllergenId,
  isDietId,
  isEmptyAllergyProfile,
  type AllergenId,
  type AllergyProfile,
  type DietId,
  unionAllergyProfiles,
} from '@carte/domain/allergens';

/**
 * The guest's allergies and diets, stated once (decision 028): the menu's filter and the chat set it,
 * the menu marks or hides dishes by it, the chat sends it with each message and the order carries it.
 * One store in lib/ because those are different features. Kept in localStorage: an allergy is the
 * guest's, not the venue's, so it follows them from venue to venue on this device.
 */
export interface AllergyProfileState {
  profile: AllergyProfile;
  /** Hide the dishes that are not for the guest instead of dimming them. */
  hideUnsafe: boolean;
  setProfile: (profile: AllergyProfile) => void;
  toggleAllergen: (allergen: AllergenId) => void;
  toggleDiet: (diet: DietId) => void;
  setHideUnsafe: (hide: boolean) => void;
  clear: () => void;
}

export const ALLERGY_PROFILE_STORAGE_KEY = 'carte-allergy-profile';

/** The profile in the annex's order, each entry once, unknown entries (an older version's) dropped. */
export function cleanProfile(profile: { allergens?: readonly unknown[]; diets?: readonly unknown[] }): AllergyProfile {
  const allergens = new Set((profile.allergens ?? []).filter(isAllergenId));
  const diets = new Set((profile.diets ?? []).filter(isDietId));
  return { allergens: ALLERGENS.filter((a) => allergens.has(a)), diets: DIETS.filter((d) => diets.has(d)) };
}

const toggled = <T>(list: readonly T[], item: T) =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

export const useAllergyProfile = create<AllergyProfileState>()(
  persist(
    (set, get) => ({
      profile: EMPTY_ALLERGY_PROFILE,
      hideUnsafe: false,
      setProfile: (profile) => set({ profile: cleanProfile(profile) }),
      toggleAllergen: (allergen) => {
        const { profile } = get();
        set({ profile: cleanProfile({ ...profile, allergens: toggled(profile.allergens, allergen) }) });
      },
      toggleDiet: (diet) => {
        const { profile } = get();
        set({ profile: cleanProfile({ ...profile, diets: toggled(profile.diets, diet) }) });
      },
      setHideUnsafe: (hideUnsafe) => set({ hideUnsafe }),
      clear: () => set({ profile: EMPTY_ALLERGY_PROFILE, hideUnsafe: false }),
    }),
    {
      name: ALLERGY_PROFILE_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ profile: s.profile, hideUnsafe: s.hideUnsafe }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<Pick<AllergyProfileState, 'profile' | 'hideUnsafe'>>;
        return {
          ...current,
          profile: cleanProfile(p.profile ?? EMPTY_ALLERGY_PROFILE),
          hideUnsafe: p.hideUnsafe === true,
        };
      },
    },
  ),
);

/** The profile to send with a chat message or an order: undefined when the guest stated nothing. */
export function allergyProfileToSend(): AllergyProfile | undefined {
  const { profile } = useAllergyProfile.getState();
  return isEmptyAllergyProfile(profile) ? undefined : profile;
}

/** `{allergyProfile}` for a request body (the chat, the order), or nothing when the guest stated nothing. */
export function withAllergyProfile(): { allergyProfile?: { allergens: AllergenId[]; diets: DietId[] } } {
  const profile = allergyProfileToSend();
  return profile ? { allergyProfile: { allergens: [...profile.allergens], diets: [...profile.diets] } } : {};
}

/**
 * What the guest said in the chat (the assistant's `allergyProfile`), joined to the profile kept:
 * a statement only ever adds (the filter on the menu page is where one takes an entry off).
 */
export function keepStatedProfile(stated: AllergyProfile): void {
  const { profile, setProfile } = useAllergyProfile.getState();
  setProfile(unionAllergyProfiles([profile, stated]) ?? EMPTY_ALLERGY_PROFILE);
}
