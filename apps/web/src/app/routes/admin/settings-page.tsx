import { useTranslation } from 'react-i18next';

/** /admin/:id/settings */
export default function SettingsPage() {
  const { t } = useTranslation();
  return <h1 className="text-2xl font-bold">{t('admin.nav.settings')}</h1>;
}
