import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import de from '../../../features/venue-settings/i18n/de.json';
import en from '../../../features/venue-settings/i18n/en.json';
import fr from '../../../features/venue-settings/i18n/fr.json';
import it_ from '../../../features/venue-settings/i18n/it.json';
import th from '../../../features/venue-settings/i18n/th.json';
import { openBackOffice, warmStaffPages } from '../open-back-office.ts';

beforeAll(() => warmStaffPages(), 120_000);

const france = {
  mode: 'inclusive' as const,
  rates: [
    { id: 'food', name: 'TVA 10 %', percent: 10 },
    { id: 'alcohol', name: 'TVA 20 %', percent: 20 },
  ],
  defaultRate: 'food',
  serviceCharge: null,
};

const section = async () => screen.findByRole('region', { name: 'Taxes and receipts' });

describe('/admin/:id/settings: taxes and receipts', { timeout: 30_000 }, () => {
  it('turns taxes on for a US venue (prices exclude tax) with a rate, a default, a service charge and the legal details', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/settings');
    const form = await section();
    await user.click(within(form).getByRole('switch', { name: 'Show taxes on bills' }));
    await user.click(within(form).getByRole('radio', { name: 'Exclude tax: it is added on the bill (US sales tax)' }));
    const rate = within(form).getByRole('group', { name: 'Rate 1' });
    await user.type(within(rate).getByLabelText('Code (e.g. food)'), 'ny');
    await user.type(within(rate).getByLabelText('Name on the bill'), 'Sales tax');
    await user.type(within(rate).getByLabelText('Percent'), '8.875');
    await user.selectOptions(within(form).getByLabelText('Default rate (dishes whose category names none)'), 'ny');
    await user.type(within(form).getByLabelText('Service charge on table orders (%)'), '18');
    await user.selectOptions(within(form).getByLabelText('Tax rate of the service charge'), 'ny');
    await user.type(within(form).getByLabelText('Legal name'), 'Joe’s Diner LLC');
    await user.type(within(form).getByLabelText('Address'), '1 Broadway, New York, NY');
    await user.click(within(form).getByRole('button', { name: 'Save taxes' }));
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/venue')).toHaveLength(1));
    expect(backend.callsTo('PATCH', '/api/venue')[0]!.body).toEqual({
      id: 'venue-luca',
      tax: {
        mode: 'exclusive',
        rates: [{ id: 'ny', name: 'Sales tax', percent: 8.875 }],
        defaultRate: 'ny',
        serviceCharge: { percent: 18, rate: 'ny' },
      },
      legal: { name: 'Joe’s Diner LLC', address: '1 Broadway, New York, NY', taxId: null },
    });
    expect(await screen.findByText('Taxes saved.')).toBeInTheDocument();
  });

  it('checks a rate above 100, four decimals and a missing default before sending anything', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/settings', { venue: { tax: { ...france, defaultRate: 'food' } } });
    const form = await section();
    const first = within(form).getByRole('group', { name: 'Rate 1' });
    const second = within(form).getByRole('group', { name: 'Rate 2' });
    await user.clear(within(first).getByLabelText('Percent'));
    await user.type(within(first).getByLabelText('Percent'), '120');
    await user.clear(within(second).getByLabelText('Percent'));
    await user.type(within(second).getByLabelText('Percent'), '5.5555');
    await user.selectOptions(within(form).getByLabelText('Default rate (dishes whose category names none)'), '');
    await user.click(within(form).getByRole('button', { name: 'Save taxes' }));
    expect(await within(form).findByText('Please check the fields marked below.')).toBeInTheDocument();
    expect(within(first).getByLabelText('Percent')).toHaveAccessibleDescription('At most 100.');
    expect(within(second).getByLabelText('Percent')).toHaveAccessibleDescription('At most three decimals.');
    expect(within(form).getByLabelText('Default rate (dishes whose category names none)')).toHaveAccessibleDescription(
      'This is required.',
    );
    expect(backend.callsTo('PATCH', '/api/venue')).toEqual([]);
  });

  it('shows the server’s field problem beside its field', async () => {
    const user = userEvent.setup();
    await openBackOffice('/settings', {
      venue: { tax: france },
      refuse: {
        'PATCH /api/venue': {
          status: 400,
          code: 'VALIDATION',
          error: 'The request is not valid.',
          issues: [{ path: 'tax.serviceCharge.rate', code: 'unknown_rate', message: 'is not one of the rates' }],
        },
      },
    });
    const form = await section();
    await user.type(within(form).getByLabelText('Service charge on table orders (%)'), '10');
    await user.click(within(form).getByRole('button', { name: 'Save taxes' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Tax rate of the service charge')).toHaveAccessibleDescription(
        'Choose one of the rates above.',
      ),
    );
  });

  it('removes a rate and turns taxes off (null), keeping the legal details', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/settings', {
      venue: { tax: france, legal: { name: 'Casa SARL', address: '1 rue de Rivoli', taxId: 'FR123' } },
    });
    const form = await section();
    await user.click(within(form).getByRole('button', { name: 'Remove rate 2' }));
    expect(within(form).queryByRole('group', { name: 'Rate 2' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('switch', { name: 'Show taxes on bills' }));
    await user.click(within(form).getByRole('button', { name: 'Save taxes' }));
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/venue')).toHaveLength(1));
    expect(backend.callsTo('PATCH', '/api/venue')[0]!.body).toEqual({
      id: 'venue-luca',
      tax: null,
      legal: { name: 'Casa SARL', address: '1 rue de Rivoli', taxId: 'FR123' },
    });
  });

  it('is read-only for a manager', async () => {
    await openBackOffice('/settings', { role: 'manager', venue: { tax: france } });
    const form = await section();
    expect(within(form).queryByRole('button', { name: 'Save taxes' })).not.toBeInTheDocument();
    expect(within(within(form).getByRole('group', { name: 'Rate 1' })).getByLabelText('Percent')).toBeDisabled();
  });

  it.each([
    ['fr', fr],
    ['it', it_],
    ['de', de],
    ['th', th],
  ] as const)('speaks %s', async (language, strings) => {
    await openBackOffice('/settings', { language, venue: { tax: france } });
    const page = strings.admin.taxPage;
    const form = await screen.findByRole('region', { name: page.title });
    expect(within(form).getByRole('button', { name: page.save })).toBeInTheDocument();
    expect(within(form).getByLabelText(page.defaultRate)).toBeInTheDocument();
    expect(page.title).not.toBe(en.admin.taxPage.title);
  });
});
