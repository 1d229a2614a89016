import { useTranslation } from '../../../i18n/react.tsx';

/** Three pulsing dots while the assistant thinks; announced once, politely. */
export function TypingIndicator() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex justify-start">
      <span className="sr-only">{t('chat.typing')}</span>
      <span
        aria-hidden="true"
        className="inline-flex items-center gap-1 rounded-2xl rounded-bl-md border border-line bg-surface px-4 py-3.5"
      >
        {[0, 160, 320].map((delay) => (
          <span
            key={delay}
            className="size-2 animate-bounce rounded-full bg-muted motion-reduce:animate-none"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
    </div>
  );
}
