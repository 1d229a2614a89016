import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import type { PublicVenueResponse } from '@carte/domain/public-types';
import { ApiError } from '../../../lib/api-client.ts';
import { createVenueStore, useVenue, VENUE_STALE_MS, VenueStoreProvider, type VenueStore } from './venue-store.ts';

const venue = (name: string) => ({ venue: { name } }) as unknown as PublicVenueResponse;
const serverError = () => new ApiError(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable.');
const notFound = () => new ApiError(404, 'VENUE_NOT_FOUND', 'Venue not found');
const networkError = () => new ApiError(0, 'NETWORK', 'The network request failed.');

/** A store on a fake clock whose loads answer from `answers` in order (an Error is thrown). */
function storeWith(answers: (PublicVenueResponse | Error)[], start = 1_000_000) {
  let clock = start;
  const waits: number[] = [];
  const load = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  const store = createVenueStore({
    load,
    now: () => clock,
    wait: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
  });
  return { store, load, waits, advance: (ms: number) => (clock += ms) };
}

async function settle(store: VenueStore, slug: string) {
  await store.fetch(slug);
}

describe('the guest pages venue store', () => {
  const seeds: {
    name: string;
    seed: Parameters<VenueStore['seed']>[0];
    later: (PublicVenueResponse | Error)[];
    asks: number;
    shows: string | null;
    error: number | null;
  }[] = [
    {
      name: 'an embedded answer is shown and not asked again while fresh',
      seed: { slug: 'luca', status: 200, body: { success: true, data: venue('Luca') } },
      later: [],
      asks: 0,
      shows: 'Luca',
      error: null,
    },
    {
      name: 'an unknown venue (404) stays unknown: no request',
      seed: { slug: 'nope', status: 404, body: { success: false, code: 'VENUE_NOT_FOUND', error: 'Venue not found' } },
      later: [],
      asks: 0,
      shows: null,
      error: 404,
    },
    {
      name: 'a database outage (503) is asked again once mounted',
      seed: {
        slug: 'luca',
        status: 503,
        body: { success: false, code: 'SERVICE_UNAVAILABLE', error: 'The service is unavailable.' },
      },
      later: [venue('Luca')],
      asks: 1,
      shows: 'Luca',
      error: null,
    },
  ];
  it.each(seeds)('$name', async ({ seed, later, asks, shows, error }) => {
    const { store, load } = storeWith(later);
    store.seed(seed);
    store.ensure(seed.slug);
    if (asks) await settle(store, seed.slug);
    expect(load).toHaveBeenCalledTimes(asks);
    const entry = store.get(seed.slug);
    expect(entry?.data?.venue.name ?? null).toBe(shows);
    expect(entry?.data ? null : ((entry?.error as ApiError | null)?.status ?? null)).toBe(error);
  });

  const failures: {
    name: string;
    answers: (PublicVenueResponse | Error)[];
    asks: number;
    waits: number[];
    shows: string | null;
    error: number | null;
  }[] = [
    {
      name: 'a network failure is tried twice more, after 1 s and 2 s',
      answers: [networkError(), networkError(), venue('Luca')],
      asks: 3,
      waits: [1000, 2000],
      shows: 'Luca',
      error: null,
    },
    {
      name: 'a 5xx three times is the error',
      answers: [serverError(), serverError(), serverError()],
      asks: 3,
      waits: [1000, 2000],
      shows: null,
      error: 503,
    },
    { name: 'a 404 is not tried again', answers: [notFound()], asks: 1, waits: [], shows: null, error: 404 },
  ];
  it.each(failures)('$name', async ({ answers, asks, waits, shows, error }) => {
    const { store, load, waits: waited } = storeWith(answers);
    store.ensure('luca');
    await settle(store, 'luca');
    expect(load).toHaveBeenCalledTimes(asks);
    expect(waited).toEqual(waits);
    const entry = store.get('luca');
    expect(entry?.data?.venue.name ?? null).toBe(shows);
    expect(entry?.data ? null : ((entry?.error as ApiError | null)?.status ?? null)).toBe(error);
    expect(entry?.fetching).toBe(false);
  });

  it('asks again once the answer is older than VENUE_STALE_MS, and a failed refresh keeps the venue shown', async () => {
    const { store, load, advance } = storeWith([notFound()]);
    store.seed({ slug: 'luca', status: 200, body: { success: true, data: venue('Luca') } });
    advance(VENUE_STALE_MS - 1);
    store.ensure('luca');
    expect(load).not.toHaveBeenCalled();
    advance(1);
    store.ensure('luca');
    await settle(store, 'luca');
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.get('luca')?.data?.venue.name).toBe('Luca');
  });

  it('asks once for pages that mount together', async () => {
    const { store, load } = storeWith([venue('Luca')]);
    store.ensure('luca');
    store.ensure('luca');
    await Promise.all([store.fetch('luca'), store.fetch('luca')]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

function VenueName({ slug }: { slug: string }) {
  const venueState = useVenue(slug);
  if (venueState.isError) return <p>error {(venueState.error as ApiError).status}</p>;
  if (venueState.isPending) return <p>loading</p>;
  return <h1>{venueState.data?.venue.name}</h1>;
}

describe('useVenue', () => {
  it('renders a seeded venue on the server with no request, from the store it is given', () => {
    const { store, load } = storeWith([]);
    store.seed({ slug: 'luca', status: 200, body: { success: true, data: venue('Luca') } });
    const other = storeWith([]).store;
    other.seed({ slug: 'luca', status: 200, body: { success: true, data: venue('Elsewhere') } });
    const html = renderToString(
      <VenueStoreProvider store={store}>
        <VenueName slug="luca" />
      </VenueStoreProvider>,
    );
    expect(html).toContain('Luca');
    expect(load).not.toHaveBeenCalled();
  });

  it('asks for a venue it does not have, shows it when it comes, and the error of an unknown one', async () => {
    const { store, load } = storeWith([venue('Luca'), notFound()]);
    render(
      <VenueStoreProvider store={store}>
        <VenueName slug="luca" />
        <VenueName slug="nope" />
      </VenueStoreProvider>,
    );
    expect(screen.getAllByText('loading')).toHaveLength(2);
    expect(await screen.findByRole('heading', { name: 'Luca' })).toBeTruthy();
    expect(await screen.findByText('error 404')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
