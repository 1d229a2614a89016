import { useTranslation } from 'react-i18next';

/** A venue with useTextMenu shows its free-text menu as written, wrapped to the screen. */
export function TextMenu({ text }: { text: string | null }) {
  const { t } = useTranslation();
  if (!text?.trim()) return <p className="py-12 text-center text-muted">{t('menu.empty')}</p>;
  return (
    <section aria-labelledby="text-menu-title" className="rounded-2xl border border-line bg-surface p-4">
      <h2 id="text-menu-title" className="mb-3 text-lg font-bold">
        {t('menu.title')}
      </h2>
      <pre className="font-sans text-[0.95rem] leading-relaxed break-words whitespace-pre-wrap text-fg">{text}</pre>
    </section>
  );
}
