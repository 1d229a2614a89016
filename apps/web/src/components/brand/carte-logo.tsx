/** Carte's own mark: the fallback when a venue has no header icon (or it fails to load). */
export function CarteLogo({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-testid="fallback-logo"
    >
      <rect width="32" height="32" rx="8" fill="var(--brand)" />
      <path
        d="M21.5 11.2a7 7 0 1 0 0 9.6"
        fill="none"
        stroke="var(--brand-contrast)"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
