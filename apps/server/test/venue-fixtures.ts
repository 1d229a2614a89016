import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

type Json = Record<string, unknown>;
export interface FixtureFile {
  venue: Json;
  categories: Json[];
  products: (Json & { variations?: Json[] })[];
}

/** A venue file with decimal prices that float arithmetic gets wrong, variations of every sign and a product without price. */
export function casaVerde(overrides: { venueUrl?: string } = {}): FixtureFile {
  return {
    venue: {
      venueUrl: overrides.venueUrl ?? 'casa-verde',
      name: 'Casa Verde',
      currency: 'eur',
      inputPlaceholder: 'Ask me anything',
      useTextMenu: false,
      textMenu: null,
      spots: ['1', '2', 'Terrace A'],
      enable_uber_direct: true,
      headerIcon: 'images/logo.png',
      defaultImage: 'images/plate.jpg',
      theme: { primary: '#0f766e', accent: '#f59e0b' },
      pickupAddress: 'Via Roma 1, Firenze',
      pickupPhone: '+39 055 123456',
      deliveryFee: 4.5,
    },
    categories: [
      { id: 'starters', name: 'Starters' },
      { id: 'mains', name: 'Mains' },
      { id: 'drinks', name: 'Drinks' },
    ],
    products: [
      {
        id: 'burrata',
        name: 'Burrata',
        description: 'Creamy burrata, tomatoes, basil',
        price: 11.5,
        image: 'images/burrata.jpg',
        recommended: true,
        preferences: ['vegetarian'],
        allergenes: ['dairy'],
        categories: ['starters'],
        variations: [
          { id: 'truffle', name: 'Truffle oil', price_variation: 3 },
          { id: 'plain', name: 'Plain', price_variation: 0 },
          { id: 'small', name: 'Half portion', price_variation: -4.2 },
        ],
      },
      {
        id: 'tagliata',
        name: 'Tagliata',
        price: 10.1,
        image: 'images/burrata.jpg',
        categories: ['mains'],
        allergenes: ['Gluten', 'gluten'],
        variations: [{ id: 'sauce', name: 'Pepper sauce', price_variation: 0.2 }],
      },
      {
        id: 'catch',
        name: 'Catch of the day',
        description: 'Ask the waiter',
        categories: ['mains'],
        preferences: ['fish'],
      },
      { id: 'water', name: 'Water', price: 2.3, categories: ['drinks', 'starters'], status: 'unavailable' },
    ],
  };
}

/** Writes the images the fixture names: a large JPEG carrying EXIF data and a small PNG. */
export async function writeFixtureImages(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'images'), { recursive: true });
  await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Casa Verde', Artist: 'Somebody' } })
    .toFile(path.join(dir, 'images/burrata.jpg'));
  await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f1c40f' } })
    .jpeg()
    .toFile(path.join(dir, 'images/plate.jpg'));
  await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0f766e' } })
    .png()
    .toFile(path.join(dir, 'images/logo.png'));
}

/** A temporary folder with the fixture's images and `venue.json`; remove() deletes it. */
export async function fixtureDir(file: FixtureFile = casaVerde()) {
  const dir = await mkdtemp(path.join(tmpdir(), 'carte-import-'));
  await writeFixtureImages(dir);
  const jsonPath = path.join(dir, 'venue.json');
  await writeFile(jsonPath, JSON.stringify(file, null, 2));
  return { dir, jsonPath, remove: () => rm(dir, { recursive: true, force: true }) };
}
