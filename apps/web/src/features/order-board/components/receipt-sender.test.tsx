import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import type { PublicOrder } from '@carte/domain/order';
import { useAdminStrings } from '../../../i18n/admin-strings.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';
import { ReceiptSender } from './receipt-sender.tsx';

function WithStaffStrings({ children }: { children: ReactNode }) {
  return useAdminStrings() ? children : null;
}

const order = {
  id: '8f1c2d3e-0000-4000-8000-000000000009',
  number: 31,
  receipt_number: 17,
  delivery_info: null,
} as unknown as PublicOrder;

describe('sending a paid order’s receipt from the board', () => {
  it('sends it to the address the staff type, through the venue’s route', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/venue/orders/receipt', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          success: true,
          data: {
            id: '00000000-0000-4000-8000-000000000001',
            kind: 'receipt',
            to: 'table4@example.com',
            subject: 'Your receipt no. 17',
            status: 'sent',
            attempts: 1,
            error: null,
            attachments: [],
            created_at: new Date().toISOString(),
            sent_at: new Date().toISOString(),
          },
        });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(
      <WithStaffStrings>
        <ReceiptSender venueId="venue-luca" order={order} />
      </WithStaffStrings>,
    );
    await user.click(await screen.findByRole('button', { name: 'Send receipt no. 17' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'table4@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Receipt sent to table4@example.com.'));
    expect(bodies).toEqual([{ venueId: 'venue-luca', orderId: order.id, email: 'table4@example.com' }]);
  });

  it('is not offered before the order is paid', async () => {
    await renderWithProviders(
      <WithStaffStrings>
        <p>board</p>
        <ReceiptSender venueId="venue-luca" order={{ ...order, receipt_number: null }} />
      </WithStaffStrings>,
    );
    expect(await screen.findByText('board')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Send receipt/ })).not.toBeInTheDocument();
  });
});
