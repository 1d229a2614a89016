import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { useAllergyProfile } from '../../../lib/stores/allergy-profile.ts';

const loadPanel = () => import('./allergy-filter-panel.tsx');
const AllergyFilterPanel = lazy(loadPanel);

/**
 * The menu page's allergy filter (issue 17 item 2): a button above the menu that opens the row of
 * toggles. The toggles are a chunk of their own, downloaded when the guest reaches for the button
 * (architecture 8: the guest page's first load stays within budget).
 *
 * `hydrated`: false while the server-rendered page hydrates, so the button reads the same as the
 * server's HTML (the profile lives in this browser's storage).
 */
export function AllergyFilter({ hydrated }: { hydrated: boolean }) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const stated = useAllergyProfile((s) => s.profile.allergens.length + s.profile.diets.length);
  const count = hydrated ? stated : 0;
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen((o) => !o)}
        className={`inline-flex min-h-11 items-center gap-2 self-start rounded-full border px-4 text-sm font-semibold ${
          count > 0 ? 'border-transparent bg-brand text-brand-contrast' : 'border-line bg-surface text-fg'
        }`}
      >
        {count > 0 ? t('allergy.filterOn', { count }) : t('allergy.filter')}
      </button>
      <div id={panelId} hidden={!open}>
        {open ? (
          <Suspense fallback={<div className="h-40 animate-pulse rounded-2xl bg-surface-2" />}>
            <AllergyFilterPanel onClose={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
