import type { ProductSafety, SafetyReason } from '@carte/domain/allergens';
import { useTranslation } from '../../i18n/react.tsx';

type T = ReturnType<typeof useTranslation>['t'];

/** A reason in the guest's words: "Contains gluten", "Not marked vegan". */
export function reasonText(t: T, reason: SafetyReason): string {
  if (reason.kind === 'diet-not-marked') return t('allergy.notMarked', { diet: t(`diet.${reason.diet}`) });
  return t(`dietary.${reason.allergen}`);
}

/** The reasons without repeats (an allergen that is also a diet's breaker is said once). */
export function reasonsText(t: T, reasons: readonly SafetyReason[]): string {
  return [...new Set(reasons.map((r) => reasonText(t, r)))].join(', ');
}

/**
 * What the allergy filter says on a product card (issue 17 item 2): why the dish is not for the guest,
 * or that the venue gave no allergen data (ask the staff: never called safe). Nothing for a safe dish.
 */
export function SafetyNote({ safety }: { safety: ProductSafety }) {
  const { t } = useTranslation();
  if (safety.verdict === 'safe') return null;
  if (safety.verdict === 'unknown') {
    return <p className="text-sm font-semibold text-amber-800 dark:text-amber-300">{t('allergy.ask')}</p>;
  }
  return (
    <p className="text-sm font-semibold text-red-700 dark:text-red-300">
      {t('allergy.unsafe')}: {reasonsText(t, safety.reasons)}
    </p>
  );
}
