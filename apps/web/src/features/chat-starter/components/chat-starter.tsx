import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { ArrowUp, Search } from '../../../components/ui/icons.tsx';
import { toChatMessage, useMessageToChat } from '../../../lib/stores/message-to-chat.ts';

/**
 * The chat starter (spec section 2): the guest's text, trimmed, goes to the chat through the
 * messageToChat store; empty input does nothing; without a question mark the localised
 * "what about" prefix goes first. `onSent` then takes the guest to the chat (from the menu page).
 * Once a conversation is under way the same input is the chat's composer, and what the guest
 * types goes as it is (`starter={false}`): "two carbonara please" is an order, not a topic.
 */
export function ChatStarter({
  placeholder,
  onSent,
  onCompose,
  starter = true,
}: {
  placeholder: string | null | undefined;
  onSent?: () => void;
  /** The guest starts to write (focus, a message's first input): what it needs can start downloading. */
  onCompose?: () => void;
  starter?: boolean;
}) {
  const { t } = useTranslation();
  const setMessageToChat = useMessageToChat((s) => s.setMessageToChat);
  const [value, setValue] = useState('');
  const inputId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = starter ? toChatMessage(value, t('chatStarter.whatAbout')) : value.trim() || null;
    if (!message) return;
    setMessageToChat(message);
    setValue('');
    onSent?.();
  };

  return (
    <form role="search" onSubmit={submit} className="relative flex items-center">
      <label htmlFor={inputId} className="sr-only">
        {t('chatStarter.label')}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute left-4 size-5 text-muted" />
      <input
        id={inputId}
        type="search"
        enterKeyHint="send"
        autoComplete="off"
        maxLength={500}
        value={value}
        onFocus={onCompose}
        onChange={(event) => {
          // A new message starts (the input was empty): once per message, not per key.
          if (!value) onCompose?.();
          setValue(event.target.value);
        }}
        placeholder={placeholder?.trim() || t('chatStarter.placeholder')}
        className="h-12 w-full rounded-full border border-line bg-surface pr-14 pl-12 text-base text-fg placeholder:text-muted"
      />
      <button
        type="submit"
        aria-label={t('chatStarter.send')}
        className="absolute right-1 inline-flex size-11 items-center justify-center rounded-full bg-brand text-brand-contrast"
      >
        <ArrowUp aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
