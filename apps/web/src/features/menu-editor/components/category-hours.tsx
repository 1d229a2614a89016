import { useId, useState } from 'react';
import { Clock, Save } from 'lucide-react';
import { SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useUpdateCategory } from '../api/products.ts';
import type { StaffVenueSettings } from '../../../lib/staff/venue-api.ts';
import { serverIssueText } from '../../../lib/staff/server-issue-text.ts';
import { errorText, primaryButton, secondaryButton, Spinner, useErrorText } from '../../../components/staff/ui.tsx';
import { hoursOf, WeekEditor, weekOf } from '../../../components/staff/week-editor.tsx';

type Category = StaffVenueSettings['categories'][number];

/**
 * The categories' own hours (architecture 4.10: breakfast until 11, a bar open later than the
 * kitchen): a button beside the menu's actions and a dialog with one row per category, following
 * the venue's hours or with its own week (the settings' week editor), saved through PATCH /api/category.
 */
export function CategoryHours({ venue }: { venue: StaffVenueSettings }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
        <Clock aria-hidden="true" className="size-5" />
        {t('admin.menuPage.categoryHours')}
      </button>
      <SheetDialog
        open={open}
        onOpenChange={setOpen}
        title={t('admin.menuPage.categoryHours')}
        description={t('admin.menuPage.categoryHoursIntro')}
        closeLabel={t('admin.menuPage.close')}
      >
        {venue.categories.length === 0 ? (
          <p className="py-2 text-muted">{t('admin.menuPage.noCategories')}</p>
        ) : (
          <ul className="flex flex-col gap-4 py-1">
            {venue.categories.map((c) => (
              <CategoryHoursRow key={c.id} venueId={venue.id} category={c} />
            ))}
          </ul>
        )}
      </SheetDialog>
    </>
  );
}

function CategoryHoursRow({ venueId, category }: { venueId: string; category: Category }) {
  const { t } = useTranslation();
  const explain = useErrorText();
  const id = useId();
  const update = useUpdateCategory(venueId);
  const [own, setOwn] = useState(Boolean(category.hours));
  const [week, setWeek] = useState(() => weekOf(category.hours));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const save = () => {
    setProblem(null);
    setErrors({});
    update.mutate(
      { id: category.id, hours: own ? hoursOf(week) : null },
      {
        onSuccess: () => notify(t('admin.menuPage.categoryHoursSaved', { name: category.name }), { kind: 'success' }),
        onError: (error) => {
          const found: Record<string, string> = {};
          if (isApiError(error)) for (const issue of error.issues) found[issue.path] = serverIssueText(t, issue);
          setErrors(found);
          setProblem(Object.values(found)[0] ?? explain(error));
        },
      },
    );
  };

  return (
    <li className="flex flex-col gap-2 border-b border-line pb-3">
      <h3 className="font-semibold break-words">{category.name}</h3>
      <fieldset className="flex flex-col gap-1">
        <legend className="sr-only">{category.name}</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name={`${id}-mode`} className="size-5" checked={!own} onChange={() => setOwn(false)} />
          {t('admin.menuPage.followsVenue', { name: category.name })}
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name={`${id}-mode`} className="size-5" checked={own} onChange={() => setOwn(true)} />
          {t('admin.menuPage.ownHours', { name: category.name })}
        </label>
      </fieldset>
      {own ? <WeekEditor week={week} errors={errors} onChange={setWeek} /> : null}
      {problem ? (
        <p role="alert" className={errorText}>
          {problem}
        </p>
      ) : null}
      <button type="button" className={`${primaryButton} self-start`} disabled={update.isPending} onClick={save}>
        {update.isPending ? <Spinner /> : <Save aria-hidden="true" className="size-5" />}
        {t('admin.menuPage.saveHours', { name: category.name })}
      </button>
    </li>
  );
}
