import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MenuView } from './menu-view.tsx';
import { makeProduct, makeVenue } from '../../../testing/data-generators.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';

describe('MenuView images', () => {
  it('loads the first screen of images at once, the first with a high fetch priority, and the rest lazily', async () => {
    const starters = { id: 'starters', name: 'Starters' };
    const mains = { id: 'mains', name: 'Mains' };
    const menu = ['A', 'B', 'C', 'D', 'E', 'F'].map((name, i) =>
      makeProduct({ name, image: `/media/p${i}.webp`, categories: [i < 2 ? starters : mains] }),
    );
    await renderWithProviders(<MenuView venue={makeVenue({ categories: [starters, mains] })} menu={menu} />);

    const image = (name: string) => within(screen.getByRole('article', { name })).getByRole('presentation');
    expect(['A', 'B', 'C', 'D', 'E', 'F'].map((name) => image(name).getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(['A', 'B', 'C', 'D', 'E', 'F'].map((name) => image(name).getAttribute('fetchpriority'))).toEqual([
      'high',
      null,
      null,
      null,
      null,
      null,
    ]);
    // Every image keeps its box while it loads.
    for (const name of ['A', 'F']) {
      expect(image(name)).toHaveAttribute('width', '96');
      expect(image(name)).toHaveAttribute('height', '96');
    }
  });
});

describe('MenuView drawings', () => {
  it('writes each repeated drawing once for the whole menu and every card refers to it', async () => {
    const menu = ['A', 'B', 'C'].map((name) =>
      makeProduct({ name, image: null, recommended: true, preferences: ['vegetarian'], allergenes: ['gluten'] }),
    );
    const { container } = await renderWithProviders(<MenuView venue={makeVenue({ defaultImage: null })} menu={menu} />);

    // One symbol per drawing, whatever the number of cards.
    const symbols = [...container.querySelectorAll('symbol')].map((s) => s.id);
    expect(new Set(symbols).size).toBe(symbols.length);
    for (const id of ['product-placeholder', 'icon-dietary-leaf', 'icon-dietary-wheat', 'icon-star']) {
      expect(symbols).toContain(id);
    }
    for (const name of ['A', 'B', 'C']) {
      const card = screen.getByRole('article', { name });
      // No drawing of its own: each icon is a reference to a symbol of the page.
      expect(card.querySelectorAll('path, circle, line')).toHaveLength(0);
      const refs = [...card.querySelectorAll('use')].map((u) => u.getAttribute('href'));
      expect(refs.length).toBeGreaterThanOrEqual(4);
      for (const ref of refs) expect(container.querySelector(ref!)?.tagName).toBe('symbol');
      // The icons keep their names.
      expect(within(card).getByRole('button', { name: 'Vegetarian' })).toBeInTheDocument();
      expect(within(card).getByText('Recommended')).toBeInTheDocument();
    }
  });
});
