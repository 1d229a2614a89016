import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import { BookOpen, MessageCircle } from '../ui/icons.tsx';

/**
 * The Chat | Menu switch, fixed at the bottom within thumb reach. The page reserves its height
 * (see `ORDER_BAR_SPACE`) so it never hides content.
 */
export function OrderBar({
  chatHref,
  menuHref,
  current,
}: {
  chatHref: string;
  menuHref: string;
  current: 'chat' | 'menu';
}) {
  const { t } = useTranslation();
  const item =
    'flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors';
  const active = 'bg-brand text-brand-contrast shadow-sm';
  const idle = 'text-fg hover:bg-surface-2';
  return (
    <nav
      aria-label={t('orderBar.label')}
      className="fixed inset-x-0 bottom-0 z-30 pb-[max(0.5rem,env(safe-area-inset-bottom))] pointer-events-none"
    >
      <div className="pointer-events-auto mx-auto flex w-[calc(100%-1.5rem)] max-w-[420px] gap-1 rounded-full border border-line bg-surface p-1 shadow-lg">
        <Link
          to={chatHref}
          aria-current={current === 'chat' ? 'page' : undefined}
          className={`${item} ${current === 'chat' ? active : idle}`}
        >
          <MessageCircle aria-hidden="true" className="size-4" />
          {t('orderBar.chat')}
        </Link>
        <Link
          to={menuHref}
          aria-current={current === 'menu' ? 'page' : undefined}
          className={`${item} ${current === 'menu' ? active : idle}`}
        >
          <BookOpen aria-hidden="true" className="size-4" />
          {t('orderBar.menu')}
        </Link>
      </div>
    </nav>
  );
}

/** Bottom padding that keeps the last content above the order bar. */
export const ORDER_BAR_SPACE = 'pb-24';
