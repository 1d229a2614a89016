import { useTranslation } from '../../../i18n/react.tsx';
import type { BoardConnection } from '../hooks/use-board-feed.ts';

const DOT: Record<BoardConnection, string> = {
  live: 'bg-green-600',
  'catching-up': 'bg-amber-500 motion-safe:animate-pulse',
  reconnecting: 'bg-red-600 motion-safe:animate-pulse',
};

/** Says whether the board is live, catching up on what it missed, or waiting to reconnect. */
export function ConnectionIndicator({ connection }: { connection: BoardConnection }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 text-base font-semibold"
    >
      <span aria-hidden="true" className={`size-3 rounded-full ${DOT[connection]}`} />
      {t(`admin.board.connection.${connection}`)}
    </p>
  );
}
