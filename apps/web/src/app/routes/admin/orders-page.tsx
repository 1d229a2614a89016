import { useCallback, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import Toaster from '../../../components/ui/toaster.tsx';
import { useSessionStore } from '../../../features/auth/index.ts';
import { OrderBoard } from '../../../features/order-board/index.ts';
import { ServicePanel } from '../../../features/service/components/service-panel.tsx';
import { QueryProvider } from '../../query-client.tsx';
import { useAdminVenue } from './admin-venue.ts';

/** /admin/:id/orders: the venue's live order board (docs/ui.md "Order board"). */
export default function OrdersPage() {
  const { t } = useTranslation();
  const { venue } = useAdminVenue();
  const [prepMinutes, setPrepMinutes] = useState<number | null>(null);
  // Bumped by the board's `venue.updated` events: another tablet paused ordering or set the prep time.
  const [serviceChanges, setServiceChanges] = useState(0);
  const onVenueUpdated = useCallback(() => setServiceChanges((n) => n + 1), []);
  // The staff shell's query client when it provides one, else the app's (the board's tickets and
  // the service panel read through it).
  return (
    <QueryProvider>
      <div className="flex flex-col gap-3">
        {/* Pause, resume and prep time (architecture 4.10), in their own feature beside the board. */}
        <ServicePanel
          key={`service-${venue.id}`}
          venueId={venue.id}
          onPrepMinutes={setPrepMinutes}
          refreshSignal={serviceChanges}
        />
        <OrderBoard
          prepMinutes={prepMinutes}
          key={venue.id}
          venueId={venue.id}
          venueName={venue.name}
          // The board's catch-up after a long sleep can meet an expired access token.
          onUnauthorized={() => useSessionStore.getState().refresh()}
          onVenueUpdated={onVenueUpdated}
        />
      </div>
      <Toaster label={t('admin.board.notifications')} />
    </QueryProvider>
  );
}
