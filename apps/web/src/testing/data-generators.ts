import type { PublicProduct, PublicVenue, PublicVenueResponse } from '@carte/domain/public-types';

let next = 1;
const id = (prefix: string) => `${prefix}-${next++}`;

export function makeProduct(overrides: Partial<PublicProduct> = {}): PublicProduct {
  return {
    id: id('product'),
    name: 'Burrata',
    description: 'Creamy burrata with cherry tomatoes and basil oil.',
    price: 11.5,
    image: null,
    status: 'available',
    recommended: false,
    preferences: [],
    allergenes: [],
    categories: [],
    variations: [],
    ...overrides,
  };
}

export function makeVenue(overrides: Partial<PublicVenue> = {}): PublicVenue {
  return {
    id: id('venue'),
    venueUrl: 'trattoria-da-luca',
    name: 'Trattoria da Luca',
    currency: 'eur',
    currencySymbol: '€',
    headerIcon: null,
    defaultImage: null,
    inputPlaceholder: 'Ask Luca anything',
    useTextMenu: false,
    textMenu: null,
    spots: ['1', '2'],
    enable_uber_direct: false,
    theme: { primary: '#9a3412' },
    categories: [],
    ...overrides,
  };
}

export function makeVenueResponse(venue: Partial<PublicVenue> = {}, menu: PublicProduct[] = []): PublicVenueResponse {
  return { venue: makeVenue(venue), menu };
}
