import { useTranslation } from '../../../i18n/react.tsx';
import Toaster from '../../../components/ui/toaster.tsx';
import { useSessionStore } from '../../../features/auth/index.ts';
import { OrderBoard } from '../../../features/order-board/index.ts';
import { useAdminVenue } from './admin-venue.ts';

/** /admin/:id/orders: the venue's live order board (docs/ui.md "Order board"). */
export default function OrdersPage() {
  const { t } = useTranslation();
  const { venue } = useAdminVenue();
  return (
    <>
      <OrderBoard
        key={venue.id}
        venueId={venue.id}
        venueName={venue.name}
        // The board's catch-up after a long sleep can meet an expired access token.
        onUnauthorized={() => useSessionStore.getState().refresh()}
      />
      <Toaster label={t('admin.board.notifications')} />
    </>
  );
}
