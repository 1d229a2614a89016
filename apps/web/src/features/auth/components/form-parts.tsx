/** The staff forms' shared pieces (sign-in and the account page), so they look and announce alike. */
export const formField =
  'min-h-12 w-full rounded-xl border border-line bg-surface px-3 text-base text-fg aria-invalid:border-red-600';
export const formErrorText = 'text-sm text-red-700 dark:text-red-400';

export function FormError({ id, message }: { id: string; message: string | null }) {
  // Always in the page, so screen readers announce the text when it appears.
  return (
    <div id={id} role="alert" className="empty:hidden">
      {message ? (
        <p className="rounded-xl border border-red-600/40 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/40 dark:text-red-200">
          {message}
        </p>
      ) : null}
    </div>
  );
}
