import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { checkProductSafety, type AllergyProfile } from '@carte/domain/allergens';
import type { PublicProduct } from '@carte/domain/public-types';
import { MenuView } from './menu-view.tsx';
import { makeProduct, makeVenue } from '../../../testing/data-generators.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';

const mains = { id: 'mains', name: 'Mains' };
const menu = [
  makeProduct({ name: 'Carbonara', allergenes: ['gluten', 'eggs', 'milk'], categories: [mains] }),
  makeProduct({ name: 'Risotto', allergenes: ['milk'], preferences: ['gluten-free'], categories: [mains] }),
  makeProduct({ name: 'Mystery stew', allergenes: [], categories: [mains] }),
  makeProduct({ name: 'Green salad', allergenes: ['none'], preferences: ['vegan'], categories: [mains] }),
];
const noGluten: AllergyProfile = { allergens: ['gluten'], diets: [] };
const safetyFor = (profile: AllergyProfile) => (p: PublicProduct) => checkProductSafety(p, [], profile);
const card = (name: string) => screen.getByRole('article', { name });

describe('MenuView with an allergy profile (issue 17 item 2)', () => {
  it('marks unsafe dishes with the reason, dishes without allergen data "ask the staff", and safe dishes not at all', async () => {
    await renderWithProviders(
      <MenuView venue={makeVenue({ categories: [mains] })} menu={menu} safetyOf={safetyFor(noGluten)} />,
    );
    expect(card('Carbonara')).toHaveAttribute('data-safety', 'unsafe');
    expect(within(card('Carbonara')).getByText('Not for you: Contains gluten')).toBeInTheDocument();
    expect(card('Mystery stew')).toHaveAttribute('data-safety', 'unknown');
    expect(within(card('Mystery stew')).getByText('Ask the staff: no allergen information')).toBeInTheDocument();
    for (const name of ['Risotto', 'Green salad']) {
      expect(card(name)).toHaveAttribute('data-safety', 'safe');
      expect(within(card(name)).queryByText(/Not for you|Ask the staff/)).toBeNull();
    }
  });

  it('says why for a diet: not marked, or broken by an allergen', async () => {
    await renderWithProviders(
      <MenuView
        venue={makeVenue({ categories: [mains] })}
        menu={menu}
        safetyOf={safetyFor({ allergens: [], diets: ['vegan'] })}
      />,
    );
    expect(within(card('Risotto')).getByText('Not for you: Contains milk, Not marked Vegan')).toBeInTheDocument();
    expect(card('Green salad')).toHaveAttribute('data-safety', 'safe');
  });

  it('hides unsafe dishes on request and says how many, keeping the ones to ask about', async () => {
    await renderWithProviders(
      <MenuView venue={makeVenue({ categories: [mains] })} menu={menu} safetyOf={safetyFor(noGluten)} hideUnsafe />,
    );
    expect(screen.queryByRole('article', { name: 'Carbonara' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Mystery stew' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Dishes hidden for your allergies and diets: 1');
  });

  it('shows every dish unmarked without a profile', async () => {
    await renderWithProviders(<MenuView venue={makeVenue({ categories: [mains] })} menu={menu} />);
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.queryByText(/Not for you|Ask the staff/)).toBeNull();
  });
});
