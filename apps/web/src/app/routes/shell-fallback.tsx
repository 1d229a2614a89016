import { Header } from '../../components/layout/header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

/** What the first paint shows while the page's chunk and the venue arrive: the page's shape. */
export function ShellFallback() {
  return (
    <div aria-busy="true">
      <Header
        brand={
          <span className="flex min-h-11 items-center gap-2">
            <Skeleton className="size-8" />
            <Skeleton className="h-5 w-36" />
          </span>
        }
      />
      <div className="mx-auto flex w-full max-w-[720px] flex-col gap-3 px-3 pt-3">
        <Skeleton className="h-12 w-full rounded-full" />
        <Skeleton className="mt-3 h-6 w-32" />
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-3 rounded-2xl border border-line bg-surface p-3">
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
            </div>
            <Skeleton className="size-24 shrink-0 rounded-xl" />
          </div>
        ))}
      </div>
    </div>
  );
}
