import type {
  PublicProduct,
  PublicVariation,
  PublicVariationGroup,
  PublicVenue,
  PublicVenueResponse,
} from '@carte/domain/public-types';

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
    variationGroups: [],
    ...overrides,
  };
}

/** An option of a product ("Large", +3.50); its own dietary tags default to none. */
export function makeVariation(overrides: Partial<PublicVariation> = {}): PublicVariation {
  return {
    id: id('variation'),
    name: 'Large',
    price_variation: 0,
    preferences: [],
    allergenes: [],
    ...overrides,
  };
}

/** An option group: by default a required one-choice group ("Size: choose 1"). */
export function makeVariationGroup(overrides: Partial<PublicVariationGroup> = {}): PublicVariationGroup {
  return {
    id: id('group'),
    name: 'Size',
    min: 1,
    max: 1,
    variationIds: [],
    ...overrides,
  };
}

/**
 * A pizza as the demo menus have it: a required Size group (choose 1), a Toppings group (up to 2) and
 * a free extra outside every group. Override any part.
 */
export function makePizza(overrides: Partial<PublicProduct> = {}): PublicProduct {
  const variations = [
    makeVariation({ id: 'small', name: 'Small', price_variation: -1.5 }),
    makeVariation({ id: 'regular', name: 'Regular', price_variation: 0 }),
    makeVariation({ id: 'large', name: 'Large', price_variation: 3.5 }),
    makeVariation({ id: 'olives', name: 'Olives', price_variation: 1, preferences: ['vegan'] }),
    makeVariation({ id: 'anchovies', name: 'Anchovies', price_variation: 1.5, allergenes: ['fish'] }),
    makeVariation({ id: 'nduja', name: 'Nduja', price_variation: 2, preferences: ['spicy'] }),
    makeVariation({ id: 'gluten-free-base', name: 'Gluten-free base', price_variation: 2, preferences: ['gluten-free'] }),
  ];
  return makeProduct({
    id: 'margherita',
    name: 'Pizza Margherita',
    description: 'Tomato, fior di latte, basil.',
    price: 9.5,
    preferences: ['vegetarian'],
    allergenes: ['gluten', 'dairy'],
    variations,
    variationGroups: [
      makeVariationGroup({ id: 'size', name: 'Size', min: 1, max: 1, variationIds: ['small', 'regular', 'large'] }),
      makeVariationGroup({ id: 'toppings', name: 'Toppings', min: 0, max: 2, variationIds: ['olives', 'anchovies', 'nduja'] }),
    ],
    ...overrides,
  });
}

export function makeVenue(overrides: Partial<PublicVenue> = {}): PublicVenue {
  return {
    id: id('venue'),
    venueUrl: 'trattoria-da-luca',
    name: 'Trattoria da Luca',
    currency: 'eur',
    currencySymbol: '€',
    cardPayment: false,
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
