import { useTranslation } from 'react-i18next';

/** /admin/:id/tables */
export default function TablesPage() {
  const { t } = useTranslation();
  return <h1 className="text-2xl font-bold">{t('admin.nav.tables')}</h1>;
}
