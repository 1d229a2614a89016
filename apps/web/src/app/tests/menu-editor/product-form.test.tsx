import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeVariation, makeVariationGroup } from '../../../testing/data-generators.ts';
import { resetSessionStore } from '../../../features/auth/index.ts';
import { menu, openBackOffice, warmStaffPages } from '../open-back-office.ts';
import { pageIsBusy } from '../../../lib/build-check.ts';

beforeAll(() => warmStaffPages(), 120_000);
beforeEach(() => resetSessionStore());

describe('product form', { timeout: 20_000 }, () => {
  it('checks the fields before sending anything', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/menu?product=new');
    await screen.findByRole('heading', { level: 1, name: 'New dish' });
    await user.click(screen.getByRole('button', { name: 'Add to the menu' }));
    expect(await screen.findByText("Enter the dish's name.")).toBeInTheDocument();
    expect(screen.getByText('Enter a price, or turn on “Ask for price”.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();

    await user.type(screen.getByLabelText('Name'), 'Tiramisu');
    await user.type(screen.getByLabelText('Price (€)'), '-2');
    await user.click(screen.getByRole('button', { name: 'Add to the menu' }));
    expect(await screen.findByText('A price may not be below 0.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Price (€)'));
    await user.type(screen.getByLabelText('Price (€)'), '6.555');
    expect(await screen.findByText('Use at most two decimal places.')).toBeInTheDocument();
    expect(backend.callsTo('POST', '/api/product')).toHaveLength(0);
  });

  it("refuses, before sending, options whose cheapest choice costs less than 0 (the import's rule)", async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/menu?product=new');
    await screen.findByRole('heading', { level: 1, name: 'New dish' });
    await user.type(screen.getByLabelText('Name'), 'Espresso');
    await user.type(screen.getByLabelText('Price (€)'), '2');
    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    await user.type(screen.getByRole('textbox', { name: 'Option 1' }), 'Loyalty cup');
    await user.type(screen.getByLabelText('Price difference'), '-3');
    await user.click(screen.getByRole('button', { name: 'Add a group' }));
    await user.type(screen.getByLabelText('Group 1 name'), 'Cup');
    const members = screen.getByRole('group', { name: 'Options in this group' });
    await user.click(within(members).getByRole('checkbox', { name: 'Loyalty cup' }));
    await user.click(screen.getByRole('button', { name: 'Choose exactly 1' }));
    await user.click(screen.getByRole('button', { name: 'Add to the menu' }));
    const message = 'With these options the cheapest choice would cost less than 0: raise the price or the option.';
    await waitFor(() => expect(screen.getByLabelText('Price (€)')).toHaveAccessibleDescription(message));
    expect(backend.callsTo('POST', '/api/product')).toHaveLength(0);
    // A price that covers the discount is accepted.
    await user.clear(screen.getByLabelText('Price (€)'));
    await user.type(screen.getByLabelText('Price (€)'), '3');
    await user.click(screen.getByRole('button', { name: 'Add to the menu' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/product')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/product')[0]!.body).toMatchObject({ name: 'Espresso', price: 3 });
  });

  it('creates a dish with a required size group: new options under temporary ids the group refers to', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/menu?product=new');
    await screen.findByRole('heading', { level: 1, name: 'New dish' });
    await user.type(screen.getByLabelText('Name'), 'Pizza Bufalina');
    await user.type(screen.getByLabelText('Description'), 'Buffalo mozzarella');
    await user.type(screen.getByLabelText('Price (€)'), '12,50');

    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    await user.type(screen.getByRole('textbox', { name: 'Option 1' }), 'Small');
    await user.type(screen.getAllByLabelText('Price difference')[0]!, '-1.5');
    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    await user.type(screen.getByRole('textbox', { name: 'Option 2' }), 'Large');
    await user.type(screen.getAllByLabelText('Price difference')[1]!, '3');
    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    await user.type(screen.getByRole('textbox', { name: 'Option 3' }), 'Extra basil');

    await user.click(screen.getByRole('button', { name: 'Add a group' }));
    await user.type(screen.getByLabelText('Group 1 name'), 'Size');
    const members = screen.getByRole('group', { name: 'Options in this group' });
    await user.click(within(members).getByRole('checkbox', { name: 'Small' }));
    await user.click(within(members).getByRole('checkbox', { name: 'Large' }));
    expect(screen.getByText('Optional')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose exactly 1' }));
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(screen.getByLabelText('At least')).toHaveValue(1);
    expect(screen.getByLabelText('At most')).toHaveValue(1);

    const dietary = screen.getByRole('region', { name: 'Dietary' });
    await user.click(within(dietary).getByRole('button', { name: 'Vegetarian' }));
    expect(within(dietary).getByRole('button', { name: 'Vegetarian' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dietary).getByRole('button', { name: 'Contains milk' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pizza' }));

    // The preview shows what guests will see.
    const preview = screen.getByRole('complementary', { name: 'What guests will see' });
    expect(within(preview).getByRole('heading', { name: 'Pizza Bufalina' })).toBeInTheDocument();
    expect(preview).toHaveTextContent('€12.50');

    await user.click(screen.getByRole('button', { name: 'Add to the menu' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/product')).toHaveLength(1));
    const body = backend.callsTo('POST', '/api/product')[0]!.body!;
    const variations = body.variations as { id: string }[];
    expect(variations.map((v) => v.id)).toEqual([
      expect.stringMatching(/^new-\d+$/),
      expect.stringMatching(/^new-\d+$/),
      expect.stringMatching(/^new-\d+$/),
    ]);
    expect(new Set(variations.map((v) => v.id)).size).toBe(3);
    const [small, large, basil] = variations.map((v) => v.id);
    expect(body).toEqual({
      venue: 'venue-luca',
      name: 'Pizza Bufalina',
      description: 'Buffalo mozzarella',
      price: 12.5,
      status: 'available',
      recommended: false,
      preferences: ['vegetarian'],
      allergenes: ['milk'],
      categories: ['pizza'],
      // Its categories' rate (the venue has no taxes here).
      taxRate: null,
      image: null,
      variations: [
        { id: small, name: 'Small', price_variation: -1.5, preferences: [], allergenes: [] },
        { id: large, name: 'Large', price_variation: 3, preferences: [], allergenes: [] },
        { id: basil, name: 'Extra basil', price_variation: 0, preferences: [], allergenes: [] },
      ],
      variationGroups: [{ name: 'Size', min: 1, max: 1, variationIds: [small, large] }],
    });
    // Back to the list, with the new dish.
    expect(await screen.findByRole('heading', { level: 1, name: 'Menu' })).toBeInTheDocument();
    expect(await screen.findByText('Pizza Bufalina is on the menu.')).toBeInTheDocument();
  }, 60_000);

  it('sends "ask for price" as null', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/menu?product=new');
    await user.type(await screen.findByLabelText('Name'), 'Fish of the day');
    await user.click(screen.getByRole('switch', { name: 'Ask for price' }));
    expect(screen.queryByLabelText('Price (€)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to the menu' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/product')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/product')[0]!.body).toMatchObject({ name: 'Fish of the day', price: null });
  });

  it('edits only what changed and keeps existing ids', async () => {
    const user = userEvent.setup();
    const small = makeVariation({ id: 'v-small', name: 'Small', price_variation: -1 });
    const large = makeVariation({ id: 'v-large', name: 'Large', price_variation: 2 });
    const products = [
      ...menu(),
      {
        ...menu()[1]!,
        id: 'quattro',
        name: 'Quattro formaggi',
        variations: [small, large],
        variationGroups: [makeVariationGroup({ id: 'g-size', name: 'Size', variationIds: ['v-small', 'v-large'] })],
      },
    ];
    const { backend } = await openBackOffice('/menu?product=quattro', { products });
    await screen.findByRole('heading', { level: 1, name: 'Edit “Quattro formaggi”' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing to save: no change was made.')).toBeInTheDocument();
    expect(backend.callsTo('PATCH', '/api/product')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Price (€)'));
    await user.type(screen.getByLabelText('Price (€)'), '10');
    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    await user.type(screen.getByRole('textbox', { name: 'Option 3' }), 'Medium');
    const members = screen.getByRole('group', { name: 'Options in this group' });
    await user.click(within(members).getByRole('checkbox', { name: 'Medium' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/product')).toHaveLength(1));
    const body = backend.callsTo('PATCH', '/api/product')[0]!.body!;
    expect(Object.keys(body).sort()).toEqual(['id', 'price', 'variationGroups', 'variations']);
    const medium = (body.variations as { id: string }[])[2]!.id;
    expect(medium).toMatch(/^new-\d+$/);
    expect(body).toMatchObject({
      id: 'quattro',
      price: 10,
      variationGroups: [{ id: 'g-size', name: 'Size', min: 1, max: 1, variationIds: ['v-small', 'v-large', medium] }],
    });
    expect((body.variations as { id: string }[]).slice(0, 2).map((v) => v.id)).toEqual(['v-small', 'v-large']);
  });

  it("shows the server's field problems next to their fields", async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/menu?product=new', {
      refuse: {
        'POST /api/product': {
          status: 400,
          code: 'VALIDATION',
          error: 'The request is not valid.',
          issues: [
            {
              path: 'price',
              code: 'too_big',
              params: { max: 100000, origin: 'number' },
              message: 'must be at most 100000',
            },
            {
              path: 'variations[0].price_variation',
              code: 'too_small',
              params: { min: -10000, origin: 'number' },
              message: 'must be at least -10000',
            },
            {
              path: 'variationGroups[0].min',
              code: 'min_above_options',
              params: { count: 1 },
              message: "must not be more than the group's 1 option(s)",
            },
          ],
        },
      },
    });
    await user.type(await screen.findByLabelText('Name'), 'Odd dish');
    await user.type(screen.getByLabelText('Price (€)'), '99999');
    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    await user.type(screen.getByRole('textbox', { name: 'Option 1' }), 'Huge');
    await user.click(screen.getByRole('button', { name: 'Add a group' }));
    await user.type(screen.getByLabelText('Group 1 name'), 'Size');
    await user.click(
      within(screen.getByRole('group', { name: 'Options in this group' })).getByRole('checkbox', { name: 'Huge' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add to the menu' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/product')).toHaveLength(1));

    // The server's English (the API's words) in the staff's words.
    expect(await screen.findByLabelText('Price (€)')).toHaveAccessibleDescription('At most 100000.');
    expect(screen.getByLabelText('Price difference')).toHaveAccessibleDescription(
      'In €; negative for cheaper, empty for none. At least -10000.',
    );
    expect(screen.getByLabelText('At least')).toHaveAccessibleDescription(
      'May not be more than the options in this group.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Some entries were not accepted. Check the marked fields.');
    // Still on the form, nothing lost.
    expect(screen.getByLabelText('Name')).toHaveValue('Odd dish');
  });

  it('deletes a dish only after the confirmation', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/menu?product=burrata');
    await user.click(await screen.findByRole('button', { name: 'Delete dish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Burrata”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.callsTo('DELETE', '/api/product')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete dish' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(backend.callsTo('DELETE', '/api/product')).toHaveLength(1));
    expect(backend.callsTo('DELETE', '/api/product')[0]!.query).toEqual({ id: 'burrata' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Menu' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('switch', { name: 'Sold out: Burrata' })).not.toBeInTheDocument());
  });

  it('asks before leaving with unsaved changes, by the back link or the navigation', async () => {
    const user = userEvent.setup();
    await openBackOffice('/menu?product=burrata');
    // A new build's reload offer (lib/build-check.ts) waits while the form holds unsaved changes.
    expect(pageIsBusy()).toBe(false);
    await user.type(await screen.findByLabelText('Name'), ' di Andria');
    expect(screen.getByLabelText('Name').closest('form')).toHaveAttribute('data-unsaved', 'true');
    // Busy through the form's mark, not only because a filled field has the focus.
    act(() => (document.activeElement as HTMLElement).blur());
    expect(pageIsBusy()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Back to the menu' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Burrata di Andria');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name: 'Settings' }),
    );
    const again = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(screen.getByLabelText('Name')).toHaveValue('Burrata di Andria');
    await user.click(within(again).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });

  it('uploads a photo with its preview and shows a refusal', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/menu?product=margherita', {
      refuse: {
        'POST /api/asset': {
          status: 415,
          code: 'ASSET_INVALID_TYPE',
          error: 'Invalid file type. Accepted types: JPEG, PNG, WebP, GIF, AVIF',
        },
      },
    });
    const input = await screen.findByLabelText('Choose a photo');
    await user.upload(input, new File(['<svg/>'], 'x.png', { type: 'image/png' }));
    expect(
      await screen.findByText('Invalid file type. Accepted types: JPEG, PNG, WebP, GIF, AVIF.'),
    ).toBeInTheDocument();

    backend.refuse('POST /api/asset', null);
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'pizza.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getByAltText('Photo preview')).toHaveAttribute(
        'src',
        expect.stringMatching(/^\/media\/asset-\d+\.webp$/),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/product')).toHaveLength(1));
    expect(backend.callsTo('PATCH', '/api/product')[0]!.body).toEqual({
      id: 'margherita',
      image: expect.stringMatching(/^asset-\d+$/),
    });
  });
  it("shows an upload's refusal in the staff's language, with the server's size limit", async () => {
    const user = userEvent.setup();
    await openBackOffice('/menu?product=margherita', {
      language: 'fr',
      refuse: {
        'POST /api/asset': { status: 413, code: 'ASSET_TOO_LARGE', error: 'File size exceeds the maximum of 8 MB' },
      },
    });
    const input = await screen.findByLabelText('Choisir une photo');
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'grande.png', { type: 'image/png' }));
    expect(await screen.findByText('La taille du fichier dépasse le maximum de 8 Mo.')).toBeInTheDocument();
  });
  it('says so when the photo storage cannot be reached, in the staff language', async () => {
    const user = userEvent.setup();
    await openBackOffice('/menu?product=margherita', {
      language: 'de',
      refuse: {
        'POST /api/asset': {
          status: 503,
          code: 'STORAGE_UNAVAILABLE',
          error: 'The photo storage cannot be reached right now. Please try again in a moment.',
        },
      },
    });
    const input = await screen.findByLabelText('Foto auswählen');
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'pizza.png', { type: 'image/png' }));
    expect(
      await screen.findByText(
        'Das Foto konnte nicht gespeichert werden: Der Fotospeicher ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
      ),
    ).toBeInTheDocument();
  });
});
