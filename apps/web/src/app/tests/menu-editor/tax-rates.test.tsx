import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSessionStore } from '../../../features/auth/index.ts';
import th from '../../../features/menu-editor/i18n/th.json';
import { openBackOffice, warmStaffPages } from '../open-back-office.ts';

beforeAll(() => warmStaffPages(), 120_000);
beforeEach(() => resetSessionStore());

const france = {
  mode: 'inclusive' as const,
  rates: [
    { id: 'food', name: 'TVA 10 %', percent: 10 },
    { id: 'alcohol', name: 'TVA 20 %', percent: 20 },
    { id: 'reduced', name: 'Reduced', percent: 5.5 },
  ],
  defaultRate: 'food',
  serviceCharge: null,
};
/** Starters name no rate (the default, food); Pizza is taxed at the alcohol rate. */
const categories = [
  { id: 'starters', name: 'Starters', position: 0, taxRate: null },
  { id: 'pizza', name: 'Pizza', position: 1, taxRate: 'alcohol' },
];
const rateGone = {
  status: 400,
  code: 'VALIDATION',
  error: 'The request is not valid.',
  issues: [{ path: 'taxRate', code: 'unknown_rate' as const, message: 'unknown tax rate "reduced"' }],
};

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe("a dish's own tax rate in the product form", { timeout: 20_000 }, () => {
  it("offers its categories' rate or one of the venue's; saves the one chosen with PATCH {id, taxRate}", async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/menu?product=burrata', { venue: { tax: france, categories } });
    const select = await screen.findByLabelText('Tax rate');
    expect(select).toHaveValue('');
    expect(options(select)).toEqual(["Category's rate (TVA 10 %)", 'TVA 10 %', 'TVA 20 %', 'Reduced 5.5 %']);
    // Ticking a category that names a rate: the first choice says which rate the dish takes then.
    await user.click(screen.getByRole('checkbox', { name: 'Pizza' }));
    expect(options(select)[0]).toBe("Category's rate (TVA 20 %)");
    await user.click(screen.getByRole('checkbox', { name: 'Pizza' }));

    await user.selectOptions(select, 'reduced');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/product')).toHaveLength(1));
    expect(backend.callsTo('PATCH', '/api/product')[0]!.body).toEqual({ id: 'burrata', taxRate: 'reduced' });
  });

  it("goes back to its category's rate with taxRate null, and a new dish sends the rate chosen", async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/menu?product=burrata', { venue: { tax: france, categories } });
    await user.selectOptions(await screen.findByLabelText('Tax rate'), 'alcohol');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/product')).toHaveLength(1));

    await user.click(await screen.findByRole('button', { name: /Burrata/ }));
    const select = await screen.findByLabelText('Tax rate');
    expect(select).toHaveValue('alcohol');
    await user.selectOptions(select, '');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/product')).toHaveLength(2));
    expect(backend.callsTo('PATCH', '/api/product')[1]!.body).toEqual({ id: 'burrata', taxRate: null });

    await user.click(await screen.findByRole('button', { name: 'Add dish' }));
    await user.type(await screen.findByLabelText('Name'), 'Limoncello');
    await user.type(screen.getByLabelText('Price (€)'), '5');
    await user.selectOptions(screen.getByLabelText('Tax rate'), 'alcohol');
    await user.click(screen.getByRole('button', { name: 'Add to the menu' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/product')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/product')[0]!.body).toMatchObject({ name: 'Limoncello', taxRate: 'alcohol' });
  });

  it("shows the server's refusal of a rate beside the select", async () => {
    const user = userEvent.setup();
    await openBackOffice('/menu?product=burrata', {
      venue: { tax: france, categories },
      refuse: { 'PATCH /api/product': rateGone },
    });
    const select = await screen.findByLabelText('Tax rate');
    await user.selectOptions(select, 'reduced');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(select).toHaveAccessibleDescription(
        expect.stringContaining('This tax rate no longer exists: choose another.'),
      ),
    );
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Some entries were not accepted. Check the marked fields.');
  });

  it('has no tax rate without tax settings', async () => {
    await openBackOffice('/menu?product=burrata');
    expect(await screen.findByLabelText('Name')).toBeInTheDocument();
    expect(screen.queryByLabelText('Tax rate')).not.toBeInTheDocument();
  });
});

describe("the categories' tax rates in the menu", { timeout: 20_000 }, () => {
  it('sets a category’s rate at once with PATCH /api/category {id, taxRate}; the venue default is null', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/menu', { venue: { tax: france, categories } });
    await user.click(await screen.findByRole('button', { name: 'Category tax rates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Category tax rates' });
    const starters = within(dialog).getByRole('combobox', { name: 'Tax rate of Starters' });
    const pizza = within(dialog).getByRole('combobox', { name: 'Tax rate of Pizza' });
    expect(starters).toHaveValue('');
    expect(pizza).toHaveValue('alcohol');
    expect(options(starters)).toEqual(['Venue default (TVA 10 %)', 'TVA 10 %', 'TVA 20 %', 'Reduced 5.5 %']);

    await user.selectOptions(starters, 'reduced');
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/category')).toHaveLength(1));
    expect(backend.callsTo('PATCH', '/api/category')[0]!.body).toEqual({ id: 'starters', taxRate: 'reduced' });
    expect(await screen.findByText('Starters: tax rate saved.')).toBeInTheDocument();
    expect(starters).toHaveValue('reduced');

    await user.selectOptions(pizza, '');
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/category')).toHaveLength(2));
    expect(backend.callsTo('PATCH', '/api/category')[1]!.body).toEqual({ id: 'pizza', taxRate: null });
    await waitFor(() => expect(pizza).toHaveValue(''));
  });

  it("shows the server's refusal under the category and keeps its stored rate", async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/menu', {
      venue: { tax: france, categories },
      refuse: { 'PATCH /api/category': rateGone },
    });
    await user.click(await screen.findByRole('button', { name: 'Category tax rates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Category tax rates' });
    const pizza = within(dialog).getByRole('combobox', { name: 'Tax rate of Pizza' });
    await user.selectOptions(pizza, 'reduced');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This tax rate no longer exists: choose another.',
    );
    expect(pizza).toHaveAccessibleDescription('This tax rate no longer exists: choose another.');
    expect(pizza).toHaveValue('alcohol');

    // Another refusal (no field named): the reason in words.
    backend.refuse('PATCH /api/category', { status: 403, code: 'FORBIDDEN', error: 'Forbidden' });
    await user.selectOptions(pizza, 'food');
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Your account is not allowed to do this for this venue.',
      ),
    );
    expect(pizza).toHaveValue('alcohol');
  });

  it('is not offered without tax settings', async () => {
    await openBackOffice('/menu');
    await screen.findByRole('list', { name: 'Dishes' });
    expect(screen.queryByRole('button', { name: 'Category tax rates' })).not.toBeInTheDocument();
  });

  it('speaks Thai', async () => {
    const user = userEvent.setup();
    await openBackOffice('/menu', { language: 'th', venue: { tax: france, categories } });
    const page = th.admin.menuPage;
    await user.click(await screen.findByRole('button', { name: page.categoryTaxes }));
    const dialog = await screen.findByRole('dialog', { name: page.categoryTaxes });
    expect(
      within(dialog).getByRole('combobox', { name: page.categoryTaxRate.replace('{{name}}', 'Pizza') }),
    ).toBeInTheDocument();
  });
});
