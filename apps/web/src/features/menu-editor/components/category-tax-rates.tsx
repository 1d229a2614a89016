import { useId, useState } from 'react';
import { Percent } from 'lucide-react';
import { SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useUpdateCategory } from '../api/products.ts';
import type { StaffVenueSettings } from '../../../lib/staff/venue-api.ts';
import { serverIssueText } from '../../../lib/staff/server-issue-text.ts';
import { taxRateLabel } from '../lib/tax-rate-label.ts';
import { errorText, inputClass, secondaryButton, useErrorText } from '../../../components/staff/ui.tsx';

type Tax = NonNullable<StaffVenueSettings['tax']>;
type Category = StaffVenueSettings['categories'][number];

/**
 * The categories' tax rates (architecture 4.13: a category's rate overrides the venue's default, a
 * dish's own rate overrides its category's): a button beside the menu's actions and a dialog with
 * one select per category, each choice saved at once through PATCH /api/category.
 */
export function CategoryTaxRates({ venue, tax }: { venue: StaffVenueSettings; tax: Tax }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
        <Percent aria-hidden="true" className="size-5" />
        {t('admin.menuPage.categoryTaxes')}
      </button>
      <SheetDialog
        open={open}
        onOpenChange={setOpen}
        title={t('admin.menuPage.categoryTaxes')}
        description={t('admin.menuPage.categoryTaxesIntro')}
        closeLabel={t('admin.menuPage.close')}
      >
        {venue.categories.length === 0 ? (
          <p className="py-2 text-muted">{t('admin.menuPage.noCategories')}</p>
        ) : (
          <ul className="flex flex-col gap-3 py-1">
            {venue.categories.map((c) => (
              <CategoryRateRow key={c.id} venueId={venue.id} category={c} tax={tax} />
            ))}
          </ul>
        )}
      </SheetDialog>
    </>
  );
}

function CategoryRateRow({ venueId, category, tax }: { venueId: string; category: Category; tax: Tax }) {
  const { t, i18n } = useTranslation();
  const explain = useErrorText();
  const id = useId();
  const update = useUpdateCategory(venueId);
  const stored = category.taxRate && tax.rates.some((r) => r.id === category.taxRate) ? category.taxRate : '';
  // The choice being saved; the stored rate again once the venue is read back (or on a refusal).
  const [choice, setChoice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const defaultRate = tax.rates.find((r) => r.id === tax.defaultRate);
  const change = (value: string) => {
    setChoice(value);
    setProblem(null);
    update.mutate(
      { id: category.id, taxRate: value || null },
      {
        onSuccess: () => notify(t('admin.menuPage.categoryTaxSaved', { name: category.name }), { kind: 'success' }),
        onError: (error) => {
          const issue = isApiError(error) ? error.issues.find((i) => i.path === 'taxRate') : undefined;
          setProblem(issue ? serverIssueText(t, issue) : explain(error));
        },
        onSettled: () => setChoice(null),
      },
    );
  };
  return (
    <li className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold break-words">
        {category.name}
      </label>
      <select
        id={id}
        aria-label={t('admin.menuPage.categoryTaxRate', { name: category.name })}
        aria-describedby={problem ? `${id}-error` : undefined}
        aria-invalid={problem ? true : undefined}
        aria-busy={update.isPending || undefined}
        className={inputClass}
        value={choice ?? stored}
        onChange={(e) => change(e.target.value)}
      >
        <option value="">
          {t('admin.menuPage.venueDefaultRate', {
            rate: defaultRate ? taxRateLabel(defaultRate, i18n.language) : tax.defaultRate,
          })}
        </option>
        {tax.rates.map((r) => (
          <option key={r.id} value={r.id}>
            {taxRateLabel(r, i18n.language)}
          </option>
        ))}
      </select>
      {problem ? (
        <p id={`${id}-error`} role="alert" className={errorText}>
          {problem}
        </p>
      ) : null}
    </li>
  );
}
