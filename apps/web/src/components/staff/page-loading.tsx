import { Skeleton } from '../ui/skeleton.tsx';

/** A back office page's shape while its strings or data arrive (skeletons, not spinners). */
export function PageLoading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-5 w-full max-w-sm" />
      <Skeleton className="h-48 w-full rounded-2xl" />
      <Skeleton className="h-48 w-full rounded-2xl" />
    </div>
  );
}
