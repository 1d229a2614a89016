import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ProductCard } from './product-card.tsx';
import { makeProduct } from '../../testing/data-generators.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import type { Language } from '../../i18n/languages.ts';

describe('ProductCard (default variation)', () => {
  it('is an article named by the product, with its description, price and dietary icons', async () => {
    const product = makeProduct({
      name: 'Burrata',
      description: 'Creamy burrata with cherry tomatoes.',
      price: 11.5,
      preferences: ['vegetarian'],
      allergenes: ['milk', 'halal-certified'],
    });
    await renderWithProviders(<ProductCard product={product} currency="eur" />);

    const card = screen.getByRole('article', { name: 'Burrata' });
    expect(within(card).getByRole('heading', { name: 'Burrata' })).toBeInTheDocument();
    expect(within(card).getByText('Creamy burrata with cherry tomatoes.')).toBeInTheDocument();
    expect(within(card).getByText('€11.50')).toBeInTheDocument();

    // Known identifiers are icons whose tooltip is their translation.
    const vegetarian = within(card).getByRole('button', { name: 'Vegetarian' });
    expect(within(card).getByRole('button', { name: 'Contains milk' })).toBeInTheDocument();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    fireEvent.click(vegetarian);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Vegetarian');
    fireEvent.keyDown(vegetarian, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    // An identifier without an icon shows as capitalised text, with no tooltip when untranslated.
    expect(within(card).getByText('Halal-certified')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /halal/i })).not.toBeInTheDocument();
  });

  it('localises the dietary tooltips', async () => {
    await renderWithProviders(
      <ProductCard product={makeProduct({ allergenes: ['gluten', 'tree-nuts'] })} currency="eur" />,
      {
        language: 'de',
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enthält Gluten' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Enthält Gluten');
    expect(screen.getByRole('button', { name: 'Enthält Schalenfrüchte' })).toBeInTheDocument();
  });

  // The interface language writes the venue's currency (Intl's no-break spaces match a plain space here).
  it.each<{ price: number; currency: string; language: Language; shown: string }>([
    { price: 9.5, currency: 'eur', language: 'en', shown: '€9.50' },
    { price: 7.5, currency: 'eur', language: 'fr', shown: '7,50 €' },
    { price: 7.5, currency: 'eur', language: 'it', shown: '7,50 €' },
    { price: 7.5, currency: 'eur', language: 'de', shown: '7,50 €' },
    { price: 1234.5, currency: 'eur', language: 'de', shown: '1.234,50 €' },
    { price: 10.1, currency: 'usd', language: 'en', shown: '$10.10' },
    { price: 180, currency: 'thb', language: 'th', shown: '฿180.00' },
    { price: 7.5, currency: 'gbp', language: 'en', shown: '£7.50' },
    { price: 0.2, currency: 'gbp', language: 'fr', shown: '0,20 £' },
  ])('shows $price $currency in $language as "$shown"', async ({ price, currency, language, shown }) => {
    await renderWithProviders(<ProductCard product={makeProduct({ price })} currency={currency} />, { language });
    expect(screen.getByText(shown)).toBeInTheDocument();
  });

  it('shows how many are in the cart, only in the menu card', async () => {
    const { rerender } = await renderWithProviders(<ProductCard product={makeProduct()} currency="eur" inCart={3} />, {
      language: 'fr',
    });
    expect(screen.getByText('Dans le panier : 3')).toBeInTheDocument();
    rerender(<ProductCard product={makeProduct()} currency="eur" inCart={0} />);
    expect(screen.queryByText(/Dans le panier/)).not.toBeInTheDocument();
    rerender(<ProductCard product={makeProduct()} currency="eur" inCart={3} variation="cart" />);
    expect(screen.queryByText(/Dans le panier/)).not.toBeInTheDocument();
  });

  const long = 'Slow-cooked beef cheeks in red wine, with mashed potatoes, glazed carrots and a parsley gremolata.';

  it('offers "More" for a long description from the first render (the server-rendered page), in the menu card only', async () => {
    const { rerender, unmount } = await renderWithProviders(
      <ProductCard product={makeProduct({ description: long })} currency="eur" />,
      { language: 'de' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mehr' }));
    expect(screen.getByRole('button', { name: 'Weniger' })).toHaveAttribute('aria-expanded', 'true');
    rerender(<ProductCard product={makeProduct({ description: long })} currency="eur" variation="cart" />);
    expect(screen.queryByRole('button', { name: /Mehr|Weniger/ })).not.toBeInTheDocument();
    unmount();
    await renderWithProviders(<ProductCard product={makeProduct({ description: 'Tomato, basil.' })} currency="eur" />);
    expect(screen.getByText('Tomato, basil.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /More|Less/ })).not.toBeInTheDocument();
  });

  it('corrects the first guess once the browser has laid the description out', async () => {
    // jsdom lays nothing out and has no ResizeObserver: this one reports each element it observes,
    // as the browser does after its next layout.
    class LaidOut {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', LaidOut);
    // A short text that wraps on a narrow card: measured taller than its two lines.
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(120);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(40);
    const { unmount } = await renderWithProviders(
      <ProductCard product={makeProduct({ description: 'Tomato, basil.' })} currency="eur" />,
    );
    expect(await screen.findByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'false');
    unmount();
    // A long text on a wide card: it fits, so no toggle.
    scroll.mockReturnValue(40);
    await renderWithProviders(<ProductCard product={makeProduct({ description: long })} currency="eur" />);
    expect(screen.getByText(long)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /More|Less/ })).not.toBeInTheDocument();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows 'ask for price' for a product without a price, localised", async () => {
    await renderWithProviders(<ProductCard product={makeProduct({ price: null })} currency="eur" />, {
      language: 'it',
    });
    expect(screen.getByText('Prezzo su richiesta')).toBeInTheDocument();
    expect(screen.queryByText(/€/)).not.toBeInTheDocument();
  });

  it('shows the recommended badge only for recommended products in the default variation', async () => {
    const { rerender } = await renderWithProviders(
      <ProductCard product={makeProduct({ recommended: true })} currency="eur" />,
    );
    expect(screen.getByText('Recommended')).toBeInTheDocument();
    rerender(<ProductCard product={makeProduct({ recommended: false })} currency="eur" />);
    expect(screen.queryByText('Recommended')).not.toBeInTheDocument();
    rerender(<ProductCard product={makeProduct({ recommended: true })} currency="eur" variation="cart" />);
    expect(screen.queryByText('Recommended')).not.toBeInTheDocument();
  });

  it('leaves the description out of the order variation', async () => {
    await renderWithProviders(
      <ProductCard product={makeProduct({ description: 'Slow-cooked' })} currency="eur" variation="order" />,
    );
    expect(screen.queryByText('Slow-cooked')).not.toBeInTheDocument();
  });

  it('renders the add control only when one is provided, in the default variation', async () => {
    const action = <button type="button">Add Burrata</button>;
    const { rerender } = await renderWithProviders(<ProductCard product={makeProduct()} currency="eur" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<ProductCard product={makeProduct()} currency="eur" action={action} />);
    expect(screen.getByRole('button', { name: 'Add Burrata' })).toBeInTheDocument();
    rerender(<ProductCard product={makeProduct()} currency="eur" action={action} variation="cart" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('falls back from the product image to the venue default image, then to a placeholder', async () => {
    const { container, rerender } = await renderWithProviders(
      <ProductCard product={makeProduct({ image: '/media/p1.webp' })} currency="eur" defaultImage="/media/d1.webp" />,
    );
    const img = () => container.querySelector('img');
    expect(img()).toHaveAttribute('src', '/media/p1.webp?w=192');
    expect(img()).toHaveAttribute(
      'srcset',
      '/media/p1.webp?w=96 96w, /media/p1.webp?w=192 192w, /media/p1.webp?w=384 384w',
    );
    expect(img()).toHaveAttribute('width', '96');
    expect(img()).toHaveAttribute('height', '96');
    expect(img()).toHaveAttribute('loading', 'lazy');

    fireEvent.error(img()!);
    expect(img()).toHaveAttribute('src', '/media/d1.webp?w=192');
    fireEvent.error(img()!);
    expect(img()).toBeNull();
    expect(screen.getByTestId('image-placeholder')).toBeInTheDocument();

    rerender(<ProductCard product={makeProduct({ image: null })} currency="eur" defaultImage="/media/d2.webp" eager />);
    expect(img()).toHaveAttribute('src', '/media/d2.webp?w=192');
    expect(img()).toHaveAttribute('loading', 'eager');
  });

  it('loads the first screen at once (the first image with a high fetch priority) and the rest lazily', async () => {
    const product = makeProduct({ image: '/media/p1.webp' });
    const { container, rerender } = await renderWithProviders(
      <ProductCard product={product} currency="eur" eager="high" />,
    );
    const img = () => container.querySelector('img')!;
    expect(img()).toHaveAttribute('loading', 'eager');
    expect(img()).toHaveAttribute('fetchpriority', 'high');

    rerender(<ProductCard product={product} currency="eur" eager />);
    expect(img()).toHaveAttribute('loading', 'eager');
    expect(img()).not.toHaveAttribute('fetchpriority');

    rerender(<ProductCard product={product} currency="eur" />);
    expect(img()).toHaveAttribute('loading', 'lazy');
    expect(img()).toHaveAttribute('decoding', 'async');
    expect(img()).not.toHaveAttribute('fetchpriority');

    // A cart line's 64 px image offers the variants for 1x, 2x and 3x screens, in its own box.
    rerender(<ProductCard product={product} currency="eur" variation="cart" />);
    expect(img()).toHaveAttribute(
      'srcset',
      '/media/p1.webp?w=64 64w, /media/p1.webp?w=128 128w, /media/p1.webp?w=192 192w',
    );
    expect(img()).toHaveAttribute('sizes', '64px');
    expect(img()).toHaveAttribute('width', '64');
    expect(img()).toHaveAttribute('height', '64');
  });
});
