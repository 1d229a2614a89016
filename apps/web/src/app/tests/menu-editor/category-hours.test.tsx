import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSessionStore } from '../../../features/auth/index.ts';
import { openBackOffice, warmStaffPages } from '../open-back-office.ts';

beforeAll(() => warmStaffPages(), 120_000);
beforeEach(() => resetSessionStore());

const week: Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', [string, string][]> = {
  mon: [],
  tue: [],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
};
/** Breakfast has its own hours (7 to 11 on Sundays); Pizza follows the venue's. */
const categories = [
  {
    id: 'breakfast',
    name: 'Breakfast',
    position: 0,
    hours: { ...week, sun: [['07:00', '11:00']] as [string, string][] },
  },
  { id: 'pizza', name: 'Pizza', position: 1, hours: null },
];

describe("a category's own hours (architecture 4.10)", { timeout: 20_000 }, () => {
  it('gives a category its own week with the week editor and saves it with PATCH /api/category {id, hours}', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/menu', { venue: { categories } });
    await user.click(await screen.findByRole('button', { name: 'Category hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Category hours' });
    expect(within(dialog).getByRole('radio', { name: "Pizza follows the venue's opening hours" })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Own hours for Breakfast' })).toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: 'Own hours for Pizza' }));
    const pizza = within(dialog)
      .getAllByRole('listitem')
      .find((li) => within(li).queryByRole('heading', { name: 'Pizza' }))!;
    const friday = within(pizza).getByRole('group', { name: 'Friday' });
    await user.click(within(friday).getByRole('button', { name: 'Add hours on Friday' }));
    const [opens, closes] = within(friday).getAllByDisplayValue(/:/);
    await user.clear(opens!);
    await user.type(opens!, '18:00');
    await user.clear(closes!);
    await user.type(closes!, '01:30');
    await user.click(within(pizza).getByRole('button', { name: 'Save the hours of Pizza' }));
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/category')).toHaveLength(1));
    expect(backend.callsTo('PATCH', '/api/category')[0]!.body).toEqual({
      id: 'pizza',
      hours: { ...week, fri: [['18:00', '01:30']] },
    });
    expect(await screen.findByText('Pizza: hours saved.')).toBeInTheDocument();

    // Back to the venue's hours: hours null.
    await user.click(within(dialog).getByRole('radio', { name: "Breakfast follows the venue's opening hours" }));
    await user.click(within(dialog).getByRole('button', { name: 'Save the hours of Breakfast' }));
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/category')).toHaveLength(2));
    expect(backend.callsTo('PATCH', '/api/category')[1]!.body).toEqual({ id: 'breakfast', hours: null });
  });

  it("shows the server's refusal beside the range it names", async () => {
    const user = userEvent.setup();
    await openBackOffice('/menu', {
      venue: { categories },
      refuse: {
        'PATCH /api/category': {
          status: 400,
          code: 'VALIDATION',
          error: 'The request is not valid.',
          issues: [{ path: 'hours.sun[0]', code: 'invalid_range', message: 'must end after it starts' }],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Category hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Category hours' });
    const breakfast = within(dialog)
      .getAllByRole('listitem')
      .find((li) => within(li).queryByRole('heading', { name: 'Breakfast' }))!;
    await user.click(within(breakfast).getByRole('button', { name: 'Save the hours of Breakfast' }));
    expect(await within(breakfast).findByRole('alert')).toBeInTheDocument();
    const sunday = within(breakfast).getByRole('group', { name: 'Sunday' });
    expect(within(sunday).getAllByDisplayValue(/:/)[0]).toHaveAttribute('aria-invalid', 'true');
  });
});
