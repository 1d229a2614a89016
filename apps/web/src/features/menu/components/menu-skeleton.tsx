import { useTranslation } from '../../../i18n/react.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** The menu's shape while it loads: chips, a heading and cards with their image boxes. */
export function MenuSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3">
      <span className="sr-only">{t('menu.loading')}</span>
      <div className="flex gap-2 py-2">
        {[72, 96, 64, 88].map((w) => (
          <Skeleton key={w} className="h-11 shrink-0 rounded-full" style={{ width: w }} />
        ))}
      </div>
      <Skeleton className="h-6 w-32" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex gap-3 rounded-2xl border border-line bg-surface p-3">
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="mt-2 h-5 w-16" />
          </div>
          <Skeleton className="size-24 shrink-0 rounded-xl" />
        </div>
      ))}
    </div>
  );
}
