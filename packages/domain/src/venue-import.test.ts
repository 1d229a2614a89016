import { describe, expect, it } from 'vitest';
import type { FieldIssue } from './errors.ts';
import { RESERVED_VENUE_URLS, validateVenueImport } from './venue-import.ts';
import { formatPath } from './contracts/common.ts';

type Json = Record<string, unknown>;
type File = { venue: Json; categories: Json[]; products: (Json & { variations?: Json[] })[] } & Json;

/** A valid file; each row below breaks exactly one rule. */
function validFile(): File {
  return {
    venue: {
      venueUrl: 'casa-verde',
      name: 'Casa Verde',
      currency: 'eur',
      inputPlaceholder: 'Ask me anything',
      useTextMenu: false,
      textMenu: null,
      spots: ['1', '2', 'Terrace A'],
      enable_uber_direct: true,
    },
    categories: [
      { id: 'starters', name: 'Starters' },
      { id: 'mains', name: 'Mains' },
    ],
    products: [
      {
        id: 'burrata',
        name: 'Burrata',
        description: 'Creamy',
        price: 11.5,
        recommended: true,
        preferences: ['vegetarian'],
        allergenes: ['dairy'],
        categories: ['starters'],
        variations: [{ id: 'truffle', name: 'Truffle oil', price_variation: 3 }],
      },
      { id: 'steak', name: 'Steak', price: 24, categories: ['mains'] },
    ],
  };
}

const p0 = (f: File) => f.products[0]!;
const v0 = (f: File) => p0(f).variations![0]!;

interface Row {
  rule: string;
  change: (f: File) => unknown;
  issues: FieldIssue[];
}

const rows: Row[] = [
  // The file itself
  {
    rule: 'file is not an object',
    change: () => 42,
    issues: [{ path: '(root)', message: 'must be a JSON object with venue, categories and products' }],
  },
  {
    rule: 'file is an array',
    change: () => [],
    issues: [{ path: '(root)', message: 'must be a JSON object with venue, categories and products' }],
  },
  {
    rule: 'unknown top-level field',
    change: (f) => ({ ...f, extra: 1 }),
    issues: [{ path: '(root)', message: 'unknown field(s): extra' }],
  },
  {
    rule: 'venue missing',
    change: (f) => ({ ...f, venue: undefined }),
    issues: [{ path: 'venue', message: 'is required' }],
  },
  {
    rule: 'venue not an object',
    change: (f) => ({ ...f, venue: 'casa' }),
    issues: [{ path: 'venue', message: 'must be an object' }],
  },
  {
    rule: 'categories not a list',
    change: (f) => ({ ...f, categories: {} }),
    issues: [{ path: 'categories', message: 'must be a list' }],
  },
  {
    rule: 'products not a list',
    change: (f) => ({ ...f, products: 'x' }),
    issues: [{ path: 'products', message: 'must be a list' }],
  },
  {
    rule: 'more than 200 categories',
    change: (f) => ({
      ...f,
      categories: Array.from({ length: 201 }, (_, i) => ({ id: `c${i}`, name: 'C' })),
      products: [],
    }),
    issues: [{ path: 'categories', message: 'must have at most 200 entries' }],
  },
  {
    rule: 'more than 5000 products',
    change: (f) => ({ ...f, products: Array.from({ length: 5001 }, (_, i) => ({ id: `p${i}`, name: 'P' })) }),
    issues: [{ path: 'products', message: 'must have at most 5000 entries' }],
  },
  // Venue
  {
    rule: 'unknown venue field',
    change: (f) => void (f.venue.owner = 'x'),
    issues: [{ path: 'venue', message: 'unknown field(s): owner' }],
  },
  {
    rule: 'venueUrl missing',
    change: (f) => void delete f.venue.venueUrl,
    issues: [{ path: 'venue.venueUrl', message: 'is required' }],
  },
  {
    rule: 'venueUrl not a string',
    change: (f) => void (f.venue.venueUrl = 7),
    issues: [{ path: 'venue.venueUrl', message: 'must be a string' }],
  },
  ...['Casa', 'casa verde', '-casa', 'casa-', 'café', '', 'a'.repeat(65)].map((venueUrl) => ({
    rule: `venueUrl ${JSON.stringify(venueUrl)} is not a slug`,
    change: (f: File) => void (f.venue.venueUrl = venueUrl),
    issues: [{ path: 'venue.venueUrl', message: 'must be lower-case letters, digits and dashes (1 to 64)' }],
  })),
  ...RESERVED_VENUE_URLS.map((venueUrl) => ({
    rule: `venueUrl "${venueUrl}" is reserved`,
    change: (f: File) => void (f.venue.venueUrl = venueUrl),
    issues: [{ path: 'venue.venueUrl', message: 'is reserved' }],
  })),
  {
    rule: 'name missing',
    change: (f) => void delete f.venue.name,
    issues: [{ path: 'venue.name', message: 'is required' }],
  },
  {
    rule: 'name blank',
    change: (f) => void (f.venue.name = '   '),
    issues: [{ path: 'venue.name', message: 'must not be empty' }],
  },
  {
    rule: 'name too long',
    change: (f) => void (f.venue.name = 'n'.repeat(121)),
    issues: [{ path: 'venue.name', message: 'must be at most 120 characters' }],
  },
  {
    rule: 'currency unknown',
    change: (f) => void (f.venue.currency = 'chf'),
    issues: [{ path: 'venue.currency', message: 'must be one of usd, eur, gbp, thb' }],
  },
  {
    rule: 'currency not a string',
    change: (f) => void (f.venue.currency = 978),
    issues: [{ path: 'venue.currency', message: 'must be a string' }],
  },
  {
    rule: 'currency missing',
    change: (f) => void delete f.venue.currency,
    issues: [{ path: 'venue.currency', message: 'is required' }],
  },
  {
    rule: 'inputPlaceholder too long',
    change: (f) => void (f.venue.inputPlaceholder = 'x'.repeat(201)),
    issues: [{ path: 'venue.inputPlaceholder', message: 'must be at most 200 characters' }],
  },
  {
    rule: 'inputPlaceholder not a string',
    change: (f) => void (f.venue.inputPlaceholder = 1),
    issues: [{ path: 'venue.inputPlaceholder', message: 'must be a string' }],
  },
  {
    rule: 'useTextMenu not a boolean',
    change: (f) => void (f.venue.useTextMenu = 'yes'),
    issues: [{ path: 'venue.useTextMenu', message: 'must be true or false' }],
  },
  {
    rule: 'textMenu not a string',
    change: (f) => void (f.venue.textMenu = ['a']),
    issues: [{ path: 'venue.textMenu', message: 'must be a string' }],
  },
  {
    rule: 'textMenu too long',
    change: (f) => void (f.venue.textMenu = 't'.repeat(50_001)),
    issues: [{ path: 'venue.textMenu', message: 'must be at most 50000 characters' }],
  },
  {
    rule: 'useTextMenu without a text menu',
    change: (f) => void Object.assign(f.venue, { useTextMenu: true, textMenu: '  ' }),
    issues: [{ path: 'venue.textMenu', message: 'is required when useTextMenu is true' }],
  },
  {
    rule: 'spots not a list',
    change: (f) => void (f.venue.spots = '1,2'),
    issues: [{ path: 'venue.spots', message: 'must be a list of table names' }],
  },
  {
    rule: 'spot blank',
    change: (f) => void (f.venue.spots = ['1', ' ']),
    issues: [{ path: 'venue.spots[1]', message: 'must not be empty' }],
  },
  {
    rule: 'spot too long',
    change: (f) => void (f.venue.spots = ['s'.repeat(41)]),
    issues: [{ path: 'venue.spots[0]', message: 'must be at most 40 characters' }],
  },
  {
    rule: 'more than 500 spots',
    change: (f) => void (f.venue.spots = Array.from({ length: 501 }, (_, i) => String(i))),
    issues: [{ path: 'venue.spots', message: 'must have at most 500 spots' }],
  },
  {
    rule: 'duplicate spot (case-insensitive)',
    change: (f) => void (f.venue.spots = ['Terrace A', '2', 'terrace a']),
    issues: [{ path: 'venue.spots[2]', message: 'duplicate spot "terrace a"' }],
  },
  {
    rule: 'spot named delivery',
    change: (f) => void (f.venue.spots = ['1', 'Delivery']),
    issues: [{ path: 'venue.spots[1]', message: '"delivery" is reserved for courier delivery' }],
  },
  {
    rule: 'enable_uber_direct not a boolean',
    change: (f) => void (f.venue.enable_uber_direct = 1),
    issues: [{ path: 'venue.enable_uber_direct', message: 'must be true or false' }],
  },
  {
    rule: 'headerIcon is a URL',
    change: (f) => void (f.venue.headerIcon = 'https://example.com/logo.png'),
    issues: [{ path: 'venue.headerIcon', message: 'must be a path relative to the import file' }],
  },
  {
    rule: 'headerIcon blank',
    change: (f) => void (f.venue.headerIcon = ''),
    issues: [{ path: 'venue.headerIcon', message: 'must not be empty' }],
  },
  {
    rule: 'defaultImage is a data URL',
    change: (f) => void (f.venue.defaultImage = 'data:image/png;base64,AAAA'),
    issues: [{ path: 'venue.defaultImage', message: 'must be a path relative to the import file' }],
  },
  {
    rule: 'defaultImage path too long',
    change: (f) => void (f.venue.defaultImage = `${'d'.repeat(497)}.png`),
    issues: [{ path: 'venue.defaultImage', message: 'must be at most 500 characters' }],
  },
  {
    rule: 'theme not an object',
    change: (f) => void (f.venue.theme = '#fff'),
    issues: [{ path: 'venue.theme', message: 'must be an object' }],
  },
  {
    rule: 'theme without primary',
    change: (f) => void (f.venue.theme = {}),
    issues: [{ path: 'venue.theme.primary', message: 'is required' }],
  },
  {
    rule: 'theme primary not a hex colour',
    change: (f) => void (f.venue.theme = { primary: 'teal' }),
    issues: [{ path: 'venue.theme.primary', message: 'must be a colour like #0f766e' }],
  },
  {
    rule: 'theme short hex',
    change: (f) => void (f.venue.theme = { primary: '#fff' }),
    issues: [{ path: 'venue.theme.primary', message: 'must be a colour like #0f766e' }],
  },
  {
    rule: 'theme accent not a hex colour',
    change: (f) => void (f.venue.theme = { primary: '#0f766e', accent: 12 }),
    issues: [{ path: 'venue.theme.accent', message: 'must be a colour like #0f766e' }],
  },
  {
    rule: 'theme unknown field',
    change: (f) => void (f.venue.theme = { primary: '#0f766e', background: '#ffffff' }),
    issues: [{ path: 'venue.theme', message: 'unknown field(s): background' }],
  },
  {
    rule: 'pickupAddress too long',
    change: (f) => void (f.venue.pickupAddress = 'a'.repeat(301)),
    issues: [{ path: 'venue.pickupAddress', message: 'must be at most 300 characters' }],
  },
  {
    rule: 'pickupPhone too long',
    change: (f) => void (f.venue.pickupPhone = '1'.repeat(41)),
    issues: [{ path: 'venue.pickupPhone', message: 'must be at most 40 characters' }],
  },
  {
    rule: 'pickupPhone is words, not a number',
    change: (f) => void (f.venue.pickupPhone = 'call the bar'),
    issues: [{ path: 'venue.pickupPhone', message: 'must be a phone number such as +39 06 6880 1234' }],
  },
  {
    rule: 'pickupPhone too short to call',
    change: (f) => void (f.venue.pickupPhone = '+39 123'),
    issues: [{ path: 'venue.pickupPhone', message: 'must be a phone number such as +39 06 6880 1234' }],
  },
  {
    rule: 'pickupPhone not a string',
    change: (f) => void (f.venue.pickupPhone = 3912345),
    issues: [{ path: 'venue.pickupPhone', message: 'must be a string' }],
  },
  {
    rule: 'deliveryFee negative',
    change: (f) => void (f.venue.deliveryFee = -1),
    issues: [{ path: 'venue.deliveryFee', message: 'must be at least 0' }],
  },
  {
    rule: 'deliveryFee above 1000',
    change: (f) => void (f.venue.deliveryFee = 1000.01),
    issues: [{ path: 'venue.deliveryFee', message: 'must be at most 1000' }],
  },
  {
    rule: 'deliveryFee three decimals',
    change: (f) => void (f.venue.deliveryFee = 2.505),
    issues: [{ path: 'venue.deliveryFee', message: 'must have at most two decimal places' }],
  },
  {
    rule: 'deliveryFee a string',
    change: (f) => void (f.venue.deliveryFee = '4.50'),
    issues: [{ path: 'venue.deliveryFee', message: 'must be a number' }],
  },
  // Categories
  {
    rule: 'category not an object',
    change: (f) => void (f.categories[1] = 'mains' as unknown as Json),
    issues: [{ path: 'categories[1]', message: 'must be an object' }],
  },
  {
    rule: 'category id missing',
    change: (f) => void delete f.categories[0]!.id,
    issues: [{ path: 'categories[0].id', message: 'is required' }],
  },
  {
    rule: 'category id blank',
    change: (f) => void (f.categories[0]!.id = ' '),
    issues: [{ path: 'categories[0].id', message: 'must not be empty' }],
  },
  {
    rule: 'category id too long',
    change: (f) => void (f.categories[0]!.id = 'k'.repeat(81)),
    issues: [{ path: 'categories[0].id', message: 'must be at most 80 characters' }],
  },
  {
    rule: 'category id a number',
    change: (f) => void (f.categories[0]!.id = 1),
    issues: [{ path: 'categories[0].id', message: 'must be a string' }],
  },
  {
    rule: 'category name too long',
    change: (f) => void (f.categories[1]!.name = 'c'.repeat(81)),
    issues: [{ path: 'categories[1].name', message: 'must be at most 80 characters' }],
  },
  {
    rule: 'category unknown field',
    change: (f) => void (f.categories[1]!.position = 2),
    issues: [{ path: 'categories[1]', message: 'unknown field(s): position' }],
  },
  {
    rule: 'duplicate category id (case-insensitive)',
    change: (f) => void f.categories.push({ id: 'Starters', name: 'Again' }),
    issues: [{ path: 'categories[2].id', message: 'duplicate category id "Starters"' }],
  },
  // Products
  {
    rule: 'product not an object',
    change: (f) => void (f.products[1] = 'steak' as unknown as Json),
    issues: [{ path: 'products[1]', message: 'must be an object' }],
  },
  {
    rule: 'product unknown field',
    change: (f) => void (p0(f).cost = 3),
    issues: [{ path: 'products[0]', message: 'unknown field(s): cost' }],
  },
  {
    rule: 'product id missing',
    change: (f) => void delete p0(f).id,
    issues: [{ path: 'products[0].id', message: 'is required' }],
  },
  {
    rule: 'product id too long',
    change: (f) => void (p0(f).id = 'p'.repeat(81)),
    issues: [{ path: 'products[0].id', message: 'must be at most 80 characters' }],
  },
  {
    rule: 'duplicate product id',
    change: (f) => void (f.products[1]!.id = 'BURRATA'),
    issues: [{ path: 'products[1].id', message: 'duplicate product id "BURRATA"' }],
  },
  {
    rule: 'product name missing',
    change: (f) => void delete p0(f).name,
    issues: [{ path: 'products[0].name', message: 'is required' }],
  },
  {
    rule: 'product name too long',
    change: (f) => void (p0(f).name = 'n'.repeat(121)),
    issues: [{ path: 'products[0].name', message: 'must be at most 120 characters' }],
  },
  {
    rule: 'product name of 121 emoji (lengths count characters)',
    change: (f) => void (p0(f).name = '🍕'.repeat(121)),
    issues: [{ path: 'products[0].name', message: 'must be at most 120 characters' }],
  },
  {
    rule: 'description not a string',
    change: (f) => void (p0(f).description = 5),
    issues: [{ path: 'products[0].description', message: 'must be a string' }],
  },
  {
    rule: 'description too long',
    change: (f) => void (p0(f).description = 'd'.repeat(2001)),
    issues: [{ path: 'products[0].description', message: 'must be at most 2000 characters' }],
  },
  {
    rule: 'price a string',
    change: (f) => void (p0(f).price = '11.50'),
    issues: [{ path: 'products[0].price', message: 'must be a number' }],
  },
  {
    rule: 'price negative',
    change: (f) => void (p0(f).price = -0.01),
    issues: [{ path: 'products[0].price', message: 'must be at least 0' }],
  },
  {
    rule: 'price above 100000',
    change: (f) => void (p0(f).price = 100_000.01),
    issues: [{ path: 'products[0].price', message: 'must be at most 100000' }],
  },
  {
    rule: 'price three decimals',
    change: (f) => void (p0(f).price = 11.505),
    issues: [{ path: 'products[0].price', message: 'must have at most two decimal places' }],
  },
  {
    rule: 'image is a URL',
    change: (f) => void (p0(f).image = 'http://x/y.jpg'),
    issues: [{ path: 'products[0].image', message: 'must be a path relative to the import file' }],
  },
  {
    rule: 'image not a string',
    change: (f) => void (p0(f).image = { src: 'a.png' }),
    issues: [{ path: 'products[0].image', message: 'must be a string' }],
  },
  {
    rule: 'status unknown',
    change: (f) => void (p0(f).status = 'sold-out'),
    issues: [{ path: 'products[0].status', message: 'must be available or unavailable' }],
  },
  {
    rule: 'recommended not a boolean',
    change: (f) => void (p0(f).recommended = 'true'),
    issues: [{ path: 'products[0].recommended', message: 'must be true or false' }],
  },
  {
    rule: 'preferences not a list',
    change: (f) => void (p0(f).preferences = 'vegan'),
    issues: [{ path: 'products[0].preferences', message: 'must be a list of strings' }],
  },
  {
    rule: 'preference blank',
    change: (f) => void (p0(f).preferences = ['vegan', '']),
    issues: [{ path: 'products[0].preferences[1]', message: 'must not be empty' }],
  },
  {
    rule: 'preference too long',
    change: (f) => void (p0(f).preferences = ['x'.repeat(41)]),
    issues: [{ path: 'products[0].preferences[0]', message: 'must be at most 40 characters' }],
  },
  {
    rule: 'more than 30 preferences',
    change: (f) => void (p0(f).preferences = Array.from({ length: 31 }, (_, i) => `p${i}`)),
    issues: [{ path: 'products[0].preferences', message: 'must have at most 30 entries' }],
  },
  {
    rule: 'allergen not a string',
    change: (f) => void (p0(f).allergenes = [1]),
    issues: [{ path: 'products[0].allergenes[0]', message: 'must be a string' }],
  },
  {
    rule: 'more than 30 allergens',
    change: (f) => void (p0(f).allergenes = Array.from({ length: 31 }, () => 'gluten')),
    issues: [{ path: 'products[0].allergenes', message: 'must have at most 30 entries' }],
  },
  {
    rule: 'an allergen that is none of the 14 nor another name of one (a typo would look safe)',
    change: (f) => void (p0(f).allergenes = ['gluten', 'sesma']),
    issues: [
      {
        path: 'products[0].allergenes[1]',
        message:
          'unknown allergen "sesma": use one of gluten, crustaceans, eggs, fish, peanuts, soya, milk, tree-nuts, celery, mustard, sesame, sulphites, lupin, molluscs, none',
      },
    ],
  },
  {
    rule: 'categories not a list',
    change: (f) => void (p0(f).categories = 'starters'),
    issues: [{ path: 'products[0].categories', message: 'must be a list of category ids' }],
  },
  {
    rule: 'unknown category',
    change: (f) => void (p0(f).categories = ['starters', 'desserts']),
    issues: [{ path: 'products[0].categories[1]', message: 'unknown category "desserts"' }],
  },
  {
    rule: 'more than 20 categories on a product',
    change: (f) => void (p0(f).categories = Array.from({ length: 21 }, () => 'starters')),
    issues: [{ path: 'products[0].categories', message: 'must have at most 20 entries' }],
  },
  {
    rule: 'variations not a list',
    change: (f) => void ((p0(f) as Json).variations = {}),
    issues: [{ path: 'products[0].variations', message: 'must be a list' }],
  },
  {
    rule: 'more than 50 variations',
    change: (f) => void (p0(f).variations = Array.from({ length: 51 }, (_, i) => ({ id: `v${i}`, name: 'V' }))),
    issues: [{ path: 'products[0].variations', message: 'must have at most 50 entries' }],
  },
  // Variations
  {
    rule: 'variation not an object',
    change: (f) => void ((p0(f) as Json).variations = ['truffle']),
    issues: [{ path: 'products[0].variations[0]', message: 'must be an object' }],
  },
  {
    rule: 'variation unknown field',
    change: (f) => void (v0(f).price = 3),
    issues: [{ path: 'products[0].variations[0]', message: 'unknown field(s): price' }],
  },
  {
    rule: 'variation id missing',
    change: (f) => void delete v0(f).id,
    issues: [{ path: 'products[0].variations[0].id', message: 'is required' }],
  },
  {
    rule: 'variation name blank',
    change: (f) => void (v0(f).name = ''),
    issues: [{ path: 'products[0].variations[0].name', message: 'must not be empty' }],
  },
  {
    rule: 'duplicate variation id in a product',
    change: (f) => void p0(f).variations!.push({ id: 'Truffle', name: 'More truffle' }),
    issues: [{ path: 'products[0].variations[1].id', message: 'duplicate variation id "Truffle"' }],
  },
  {
    rule: 'price_variation a string',
    change: (f) => void (v0(f).price_variation = '3'),
    issues: [{ path: 'products[0].variations[0].price_variation', message: 'must be a number' }],
  },
  {
    rule: 'price_variation below -10000',
    change: (f) => void (v0(f).price_variation = -10_000.01),
    issues: [{ path: 'products[0].variations[0].price_variation', message: 'must be at least -10000' }],
  },
  {
    rule: 'price_variation above 10000',
    change: (f) => void (v0(f).price_variation = 10_000.5),
    issues: [{ path: 'products[0].variations[0].price_variation', message: 'must be at most 10000' }],
  },
  {
    rule: 'price_variation three decimals',
    change: (f) => void (v0(f).price_variation = 0.125),
    issues: [{ path: 'products[0].variations[0].price_variation', message: 'must have at most two decimal places' }],
  },
  {
    rule: 'negative variation larger than the price',
    change: (f) => void (v0(f).price_variation = -11.51),
    issues: [
      {
        path: 'products[0].price',
        message: 'the cheapest choice of options would cost -0.01: a price may not be below 0',
      },
    ],
  },
  {
    rule: 'two negative extras stacked below zero',
    change: (f) =>
      void (p0(f).variations = [
        { id: 'small', name: 'Small', price_variation: -6 },
        { id: 'no-cheese', name: 'No cheese', price_variation: -6 },
      ]),
    issues: [
      {
        path: 'products[0].price',
        message: 'the cheapest choice of options would cost -0.50: a price may not be below 0',
      },
    ],
  },
  // Option groups
  {
    rule: 'group min above max',
    change: (f) => void (p0(f).variationGroups = [{ id: 'g', name: 'G', min: 2, max: 1, variations: ['truffle'] }]),
    issues: [
      { path: 'products[0].variationGroups[0].min', message: 'must not be more than max' },
      { path: 'products[0].variationGroups[0].min', message: "must not be more than the group's 1 option(s)" },
    ],
  },
  {
    rule: 'group max 0',
    change: (f) => void (p0(f).variationGroups = [{ id: 'g', name: 'G', min: 0, max: 0, variations: ['truffle'] }]),
    issues: [{ path: 'products[0].variationGroups[0].max', message: 'must be at least 1' }],
  },
  {
    rule: 'group min not whole',
    change: (f) => void (p0(f).variationGroups = [{ id: 'g', name: 'G', min: 0.5, max: 1, variations: ['truffle'] }]),
    issues: [{ path: 'products[0].variationGroups[0].min', message: 'must be a whole number' }],
  },
  {
    rule: 'group names an unknown variation',
    change: (f) => void (p0(f).variationGroups = [{ id: 'g', name: 'G', max: 1, variations: ['truffle', 'ghost'] }]),
    issues: [{ path: 'products[0].variationGroups[0].variations[1]', message: 'unknown variation "ghost"' }],
  },
  {
    rule: 'variation in two groups',
    change: (f) =>
      void (p0(f).variationGroups = [
        { id: 'a', name: 'A', max: 1, variations: ['truffle'] },
        { id: 'b', name: 'B', max: 1, variations: ['truffle'] },
      ]),
    issues: [
      { path: 'products[0].variationGroups[1].variations[0]', message: 'variation "truffle" is already in group "a"' },
    ],
  },
  {
    rule: 'duplicate group id',
    change: (f) =>
      void (p0(f).variationGroups = [
        { id: 'a', name: 'A', max: 1, variations: ['truffle'] },
        { id: 'A', name: 'B', max: 1, variations: [] },
      ]),
    issues: [
      { path: 'products[0].variationGroups[1].variations', message: 'must list at least one variation' },
      { path: 'products[0].variationGroups[1].id', message: 'duplicate group id "A"' },
    ],
  },
  {
    rule: 'group without variations',
    change: (f) => void (p0(f).variationGroups = [{ id: 'g', name: 'G', max: 1 }]),
    issues: [{ path: 'products[0].variationGroups[0].variations', message: 'is required' }],
  },
  {
    rule: 'a required group whose every option is negative goes below zero',
    change: (f) => {
      p0(f).variations = [
        { id: 'kids', name: 'Kids', price_variation: -12 },
        { id: 'half', name: 'Half', price_variation: -11.6 },
      ];
      p0(f).variationGroups = [{ id: 'size', name: 'Size', min: 1, max: 1, variations: ['kids', 'half'] }];
    },
    issues: [
      {
        path: 'products[0].price',
        message: 'the cheapest choice of options would cost -0.50: a price may not be below 0',
      },
    ],
  },
  {
    rule: 'unknown field on a group',
    change: (f) => void (p0(f).variationGroups = [{ id: 'g', name: 'G', max: 1, variations: ['truffle'], price: 1 }]),
    issues: [{ path: 'products[0].variationGroups[0]', message: 'unknown field(s): price' }],
  },
  {
    rule: 'option allergenes not a list',
    change: (f) => void (v0(f).allergenes = 'dairy'),
    issues: [{ path: 'products[0].variations[0].allergenes', message: 'must be a list of strings' }],
  },
  {
    rule: 'an option allergen that is unknown',
    change: (f) => void (v0(f).allergenes = ['pork']),
    issues: [
      {
        path: 'products[0].variations[0].allergenes[0]',
        message:
          'unknown allergen "pork": use one of gluten, crustaceans, eggs, fish, peanuts, soya, milk, tree-nuts, celery, mustard, sesame, sulphites, lupin, molluscs, none',
      },
    ],
  },
];

describe('validateVenueImport: one row per rule', () => {
  it('accepts the base file', () => {
    expect(validateVenueImport(validFile())).toMatchObject({ ok: true });
  });

  it.each(rows)('$rule', ({ change, issues }) => {
    const file = validFile();
    const changed = change(file);
    const result = validateVenueImport(changed === undefined ? file : changed);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues).toEqual(issues);
  });
});

describe('validateVenueImport: option groups that are accepted', () => {
  it('a one-choice size group whose negative option stays at or above zero', () => {
    const file = validFile();
    p0(file).variations = [
      { id: 'small', name: 'Small', price_variation: -2, allergenes: ['Gluten'] },
      { id: 'large', name: 'Large', price_variation: 4, preferences: ['vegan'] },
      { id: 'chili', name: 'Chili', price_variation: 0.5 },
    ];
    p0(file).variationGroups = [{ id: 'size', name: 'Size', min: 1, max: 1, variations: ['small', 'large'] }];
    const result = validateVenueImport(file);
    expect(result.ok).toBe(true);
    const product = result.ok ? result.value.products[0]! : null;
    expect(product?.variationGroups).toEqual([
      { id: 'size', name: 'Size', min: 1, max: 1, variations: ['small', 'large'] },
    ]);
    expect(product?.variations[0]).toMatchObject({ allergenes: ['gluten'], preferences: [] });
    expect(product?.variations[1]).toMatchObject({ preferences: ['vegan'] });
  });

  it('min and max default to an optional one-choice group', () => {
    const file = validFile();
    p0(file).variationGroups = [{ id: 'oil', name: 'Oil', variations: ['truffle'] }];
    const result = validateVenueImport(file);
    expect(result.ok ? result.value.products[0]!.variationGroups[0] : null).toMatchObject({ min: 0, max: 1 });
  });

  it('a negative option in an optional group that cannot take the price below zero', () => {
    const file = validFile();
    p0(file).variations = [
      { id: 'a', name: 'A', price_variation: -5 },
      { id: 'b', name: 'B', price_variation: -6 },
    ];
    // At most one of the two can be chosen: 11.50 - 6 >= 0 although -5 - 6 would be below.
    p0(file).variationGroups = [{ id: 'g', name: 'G', min: 0, max: 1, variations: ['a', 'b'] }];
    expect(validateVenueImport(file).ok).toBe(true);
  });
});

describe('validateVenueImport: what is accepted and how it is normalised', () => {
  const accepted: { rule: string; change: (f: File) => void; check: (v: ReturnType<typeof ok>) => void }[] = [
    {
      rule: 'a product without a price (ask for price)',
      change: (f) => void delete p0(f).price,
      check: (v) => expect(v.products[0]!.price).toBeUndefined(),
    },
    {
      rule: 'price null',
      change: (f) => void (p0(f).price = null),
      check: (v) => expect(v.products[0]!.price).toBeNull(),
    },
    {
      rule: 'price 0 and two decimals',
      change: (f) => void (p0(f).price = 0.1 + 0.2 - 0.3 + 10.1),
      check: (v) => expect(v.products[0]!.price).toBeCloseTo(10.1),
    },
    {
      rule: 'names and a description of emoji, counted in characters, not UTF-16 units',
      change: (f) => {
        p0(f).name = '🍕'.repeat(120);
        p0(f).description = '🌶'.repeat(2000);
        f.categories[0]!.name = '🥗'.repeat(80);
      },
      check: (v) => {
        expect(v.products[0]!.name).toBe('🍕'.repeat(120));
        expect(v.products[0]!.description).toBe('🌶'.repeat(2000));
        expect(v.categories[0]!.name).toBe('🥗'.repeat(80));
      },
    },
    {
      rule: 'currency in upper case',
      change: (f) => void (f.venue.currency = 'THB'),
      check: (v) => expect(v.venue.currency).toBe('thb'),
    },
    {
      rule: 'preferences lower-cased and de-duplicated',
      change: (f) => void (p0(f).preferences = ['Vegan', 'vegan', 'Tree Nuts']),
      check: (v) => expect(v.products[0]!.preferences).toEqual(['vegan', 'tree nuts']),
    },
    {
      rule: 'older allergen ids read as their new meaning (nuts, seafood, dairy, beans), in the annex order, once each',
      change: (f) => {
        p0(f).allergenes = ['seafood', 'Dairy', 'nuts', 'beans', 'tree nuts', 'egg', 'soy', 'Sulfites'];
        v0(f).allergenes = ['dairy'];
      },
      check: (v) => {
        expect(v.products[0]!.allergenes).toEqual([
          'crustaceans',
          'eggs',
          'fish',
          'peanuts',
          'soya',
          'milk',
          'tree-nuts',
          'sulphites',
          'lupin',
          'molluscs',
        ]);
        expect(v.products[0]!.variations[0]!.allergenes).toEqual(['milk']);
      },
    },
    {
      rule: "'none' says the dish has none of the 14; it is dropped beside an allergen",
      change: (f) => {
        p0(f).allergenes = ['None'];
        v0(f).allergenes = ['none', 'celery'];
      },
      check: (v) => {
        expect(v.products[0]!.allergenes).toEqual(['none']);
        expect(v.products[0]!.variations[0]!.allergenes).toEqual(['celery']);
      },
    },
    {
      rule: 'optional lists default to empty',
      change: (f) => Object.assign(f, { categories: undefined, products: [{ id: 'x', name: 'X' }] }),
      check: (v) => {
        expect(v.categories).toEqual([]);
        expect(v.products[0]).toMatchObject({
          status: 'available',
          recommended: false,
          preferences: [],
          allergenes: [],
          categories: [],
          variations: [],
        });
      },
    },
    {
      rule: 'venue defaults',
      change: (f) => void (f.venue = { venueUrl: 'x', name: 'X', currency: 'usd' }),
      check: (v) => expect(v.venue).toMatchObject({ useTextMenu: false, spots: [], enable_uber_direct: false }),
    },
    {
      rule: 'a missing price_variation counts as 0',
      change: (f) => void delete v0(f).price_variation,
      check: (v) => expect(v.products[0]!.variations[0]!.price_variation).toBeUndefined(),
    },
    {
      rule: 'negative variation down to exactly zero',
      change: (f) => void (v0(f).price_variation = -11.5),
      check: (v) => expect(v.products[0]!.variations[0]!.price_variation).toBe(-11.5),
    },
    {
      rule: 'negative variation on a product without price',
      change: (f) =>
        Object.assign(p0(f), { price: undefined, variations: [{ id: 'v', name: 'V', price_variation: -50 }] }),
      check: (v) => expect(v.products[0]!.price).toBeUndefined(),
    },
    {
      rule: 'a text-menu venue',
      change: (f) => Object.assign(f.venue, { useTextMenu: true, textMenu: 'Soup of the day 6.50' }),
      check: (v) => expect(v.venue.textMenu).toBe('Soup of the day 6.50'),
    },
    {
      rule: 'relative image paths, theme, pickup data and delivery fee',
      change: (f) => {
        Object.assign(f.venue, {
          headerIcon: 'images/logo.png',
          defaultImage: './images/plate.webp',
          theme: { primary: '#0F766E', accent: '#f59e0b' },
          pickupAddress: 'Via Roma 1',
          pickupPhone: '+39 055 123',
          deliveryFee: 4.5,
        });
        p0(f).image = 'images/burrata.webp';
      },
      check: (v) => expect(v.venue).toMatchObject({ headerIcon: 'images/logo.png', deliveryFee: 4.5 }),
    },
    {
      rule: 'a pickup phone written with brackets, dots and dashes, kept as written',
      change: (f) => void (f.venue.pickupPhone = ' (06) 6880.12-34 '),
      check: (v) => expect(v.venue.pickupPhone).toBe('(06) 6880.12-34'),
    },
    {
      rule: 'an empty pickup phone',
      change: (f) => void (f.venue.pickupPhone = ''),
      check: (v) => expect(v.venue.pickupPhone).toBe(''),
    },
    {
      rule: 'the same variation id on different products',
      change: (f) => void (f.products[1]!.variations = [{ id: 'truffle', name: 'Truffle' }]),
      check: (v) => expect(v.products[1]!.variations[0]!.id).toBe('truffle'),
    },
    {
      rule: 'values are trimmed',
      change: (f) => Object.assign(p0(f), { id: ' burrata ', name: ' Burrata ' }),
      check: (v) => expect(v.products[0]).toMatchObject({ id: 'burrata', name: 'Burrata' }),
    },
  ];

  function ok(input: unknown) {
    const r = validateVenueImport(input);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return r.value;
  }

  it.each(accepted)('$rule', ({ change, check }) => {
    const file = validFile();
    change(file);
    check(ok(file));
  });
});

describe('validateVenueImport: several problems at once', () => {
  it('lists every shape problem with its path', () => {
    const file = validFile();
    p0(file).price = 'ten';
    file.venue.currency = 'chf';
    file.products[1]!.name = '';
    const r = validateVenueImport(file);
    expect(r.ok ? [] : r.issues).toEqual(
      expect.arrayContaining([
        { path: 'venue.currency', message: 'must be one of usd, eur, gbp, thb' },
        { path: 'products[0].price', message: 'must be a number' },
        { path: 'products[1].name', message: 'must not be empty' },
      ]),
    );
    expect(r.ok ? 0 : r.issues.length).toBe(3);
  });

  it('lists every link problem with its path', () => {
    const file = validFile();
    file.venue.spots = ['1', '1', 'delivery'];
    p0(file).categories = ['nope'];
    file.products[1]!.id = 'burrata';
    const r = validateVenueImport(file);
    expect(r.ok ? [] : r.issues).toEqual([
      { path: 'venue.spots[1]', message: 'duplicate spot "1"' },
      { path: 'venue.spots[2]', message: '"delivery" is reserved for courier delivery' },
      { path: 'products[1].id', message: 'duplicate product id "burrata"' },
      { path: 'products[0].categories[0]', message: 'unknown category "nope"' },
    ]);
  });
});

describe('validateVenueImport: shape and link problems in one pass', () => {
  it('lists both kinds together, shape problems first', () => {
    const file = validFile();
    file.venue.currency = 'chf';
    file.venue.spots = ['1', '1'];
    p0(file).categories = ['nope'];
    f1(file).price = 'ten';
    const r = validateVenueImport(file);
    expect(r.ok ? [] : r.issues).toEqual([
      { path: 'venue.currency', message: 'must be one of usd, eur, gbp, thb' },
      { path: 'products[1].price', message: 'must be a number' },
      { path: 'venue.spots[1]', message: 'duplicate spot "1"' },
      { path: 'products[0].categories[0]', message: 'unknown category "nope"' },
    ]);
  });

  it('does not report a product category as unknown when the categories themselves are broken', () => {
    const file = validFile();
    file.categories[0]!.id = 5;
    const r = validateVenueImport(file);
    expect(r.ok ? [] : r.issues).toEqual([{ path: 'categories[0].id', message: 'must be a string' }]);
  });
});

const f1 = (f: File) => f.products[1]!;

describe('formatPath', () => {
  it.each([
    [[], '(root)'],
    [['venue'], 'venue'],
    [['products', 0, 'price'], 'products[0].price'],
    [['products', 12, 'variations', 3, 'id'], 'products[12].variations[3].id'],
  ] as [PropertyKey[], string][])('%j -> %s', (path, text) => {
    expect(formatPath(path)).toBe(text);
  });
});
