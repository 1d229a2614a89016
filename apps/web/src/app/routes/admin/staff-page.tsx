import { useTranslation } from 'react-i18next';

/** /admin/:id/staff */
export default function StaffPage() {
  const { t } = useTranslation();
  return <h1 className="text-2xl font-bold">{t('admin.nav.staff')}</h1>;
}
