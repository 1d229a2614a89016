import { useTranslation } from '../../../i18n/react.tsx';
import { Sparkles } from '../../../components/ui/icons.tsx';

/** The top of the chat page: who the guest is talking to and what to ask. */
export function ChatIntro({ venueName }: { venueName: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="chat-intro-title" className="flex flex-col items-start gap-3 pt-6">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-brand text-brand-contrast">
        <Sparkles aria-hidden="true" className="size-5" />
      </span>
      <h1 id="chat-intro-title" className="text-2xl leading-tight font-bold">
        {t('chat.welcomeTitle', { venue: venueName })}
      </h1>
      <p className="max-w-prose text-muted">{t('chat.welcome')}</p>
    </section>
  );
}
