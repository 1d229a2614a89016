import { useTranslation } from '../../../i18n/react.tsx';
import { useMessageToChat } from '../../../lib/stores/message-to-chat.ts';

const SUGGESTIONS = ['chat.suggestRecommend', 'chat.suggestVegetarian', 'chat.suggestDesserts'] as const;

/**
 * First-time guests' shortcuts (ui.md): each puts its localised question in messageToChat.
 * `onCompose` runs as a chip is pressed or focused, a moment before its question goes.
 */
export function SuggestionChips({ onSent, onCompose }: { onSent?: () => void; onCompose?: () => void }) {
  const { t } = useTranslation();
  const setMessageToChat = useMessageToChat((s) => s.setMessageToChat);
  return (
    <ul aria-label={t('chat.suggestions')} className="flex flex-wrap gap-2">
      {SUGGESTIONS.map((key) => (
        <li key={key}>
          <button
            type="button"
            onPointerDown={onCompose}
            onFocus={onCompose}
            onClick={() => {
              setMessageToChat(t(key));
              onSent?.();
            }}
            className="inline-flex min-h-11 items-center rounded-full border border-line bg-surface px-4 text-sm font-medium hover:bg-surface-2"
          >
            {t(key)}
          </button>
        </li>
      ))}
    </ul>
  );
}
