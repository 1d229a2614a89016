import { useTranslation } from 'react-i18next';

/** /admin/:id/menu */
export default function MenuPage() {
  const { t } = useTranslation();
  return <h1 className="text-2xl font-bold">{t('admin.nav.menu')}</h1>;
}
