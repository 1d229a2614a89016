import { ALLERGENS, DIETS } from '@carte/domain/allergens';
import { useTranslation } from '../../../i18n/react.tsx';
import { iconFor } from '../../../components/product/dietary-icons.tsx';
import { useAllergyProfile } from '../../../lib/stores/allergy-profile.ts';

const chip = (on: boolean) =>
  `inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3 text-sm font-medium ${
    on ? 'border-transparent bg-brand text-brand-contrast' : 'border-line bg-surface text-fg hover:bg-surface-2'
  }`;

/**
 * The toggles of the allergy filter (ui.md, Allergies): the 14 allergens and the diets, with their
 * icons and names in the guest's language, and whether dishes that are not for the guest are hidden
 * or only marked. Every change is kept at once (the menu and the chat follow the same store).
 */
export default function AllergyFilterPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { profile, hideUnsafe, toggleAllergen, toggleDiet, setHideUnsafe, clear } = useAllergyProfile();
  return (
    <section
      aria-label={t('allergy.filter')}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-3"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">{t('allergy.allergicTo')}</legend>
        <ul className="flex flex-wrap gap-2">
          {ALLERGENS.map((allergen) => {
            const on = profile.allergens.includes(allergen);
            const Icon = iconFor(allergen);
            return (
              <li key={allergen}>
                <button type="button" aria-pressed={on} onClick={() => toggleAllergen(allergen)} className={chip(on)}>
                  {Icon ? <Icon aria-hidden="true" className="size-4" strokeWidth={1.75} /> : null}
                  {t(`allergen.${allergen}`)}
                </button>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">{t('allergy.myDiet')}</legend>
        <ul className="flex flex-wrap gap-2">
          {DIETS.map((diet) => {
            const on = profile.diets.includes(diet);
            return (
              <li key={diet}>
                <button type="button" aria-pressed={on} onClick={() => toggleDiet(diet)} className={chip(on)}>
                  {t(`diet.${diet}`)}
                </button>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-5"
          checked={hideUnsafe}
          onChange={(e) => setHideUnsafe(e.currentTarget.checked)}
        />
        {t('allergy.hideUnsafe')}
      </label>
      <p className="text-sm text-muted">{t('allergy.note')}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={clear} className={chip(false)}>
          {t('allergy.clear')}
        </button>
        <button type="button" onClick={onClose} className={chip(true)}>
          {t('allergy.done')}
        </button>
      </div>
    </section>
  );
}
