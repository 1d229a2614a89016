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
