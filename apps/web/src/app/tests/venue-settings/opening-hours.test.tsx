import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSessionStore } from '../../../features/auth/index.ts';
import { openBackOffice, warmStaffPages } from '../open-back-office.ts';

beforeAll(() => warmStaffPages(), 120_000);
beforeEach(() => resetSessionStore());

describe('/admin/:id/settings, opening hours', { timeout: 20_000 }, () => {
  it('checks the week in the staff language before sending it, then saves it', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/settings');
    const hours = await screen.findByRole('region', { name: 'Opening hours' });
    await user.click(within(hours).getByRole('checkbox', { name: 'Always open (remove the hours)' }));
    const monday = within(hours).getByRole('group', { name: 'Monday' });
    await user.click(within(monday).getByRole('button', { name: 'Add hours on Monday' }));
    fireEvent.change(within(monday).getByLabelText('Closes'), { target: { value: '11:00' } });
    await user.type(within(hours).getByLabelText('Time zone'), 'Mars/Olympus');
    await user.click(within(hours).getByRole('button', { name: 'Save opening hours' }));

    expect(
      await within(monday).findByText('Closes before it opens (a range past midnight ends by 08:00).'),
    ).toBeInTheDocument();
    expect(within(hours).getByLabelText('Time zone')).toHaveAccessibleDescription(
      /Unknown time zone: use a name such as Europe\/Rome\./,
    );
    expect(within(monday).getByLabelText('Closes')).toHaveAttribute('aria-invalid', 'true');
    expect(backend.callsTo('PATCH', '/api/venue')).toHaveLength(0);

    await user.clear(within(hours).getByLabelText('Time zone'));
    await user.type(within(hours).getByLabelText('Time zone'), 'Europe/Rome');
    fireEvent.change(within(monday).getByLabelText('Closes'), { target: { value: '15:00' } });
    await user.click(within(hours).getByRole('button', { name: 'Save opening hours' }));
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/venue')).toHaveLength(1));
    expect(backend.callsTo('PATCH', '/api/venue')[0]!.body).toMatchObject({
      timezone: 'Europe/Rome',
      hours: { mon: [['12:00', '15:00']], tue: [], sun: [] },
      closures: [],
      specialHours: [],
      lastOrderMinutes: null,
    });
  });
});
