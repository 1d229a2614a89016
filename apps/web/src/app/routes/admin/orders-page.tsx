import { useTranslation } from 'react-i18next';

/** /admin/:id/orders: the order board arrives with its own issue. */
export default function OrdersPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-2">
      <h1 id="orders-title" className="text-2xl font-bold">
        {t('admin.nav.orders')}
      </h1>
      <p className="max-w-prose text-muted">{t('admin.ordersComing')}</p>
    </section>
  );
}
