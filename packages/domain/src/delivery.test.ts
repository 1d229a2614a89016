import { describe, expect, it } from 'vitest';
import {
  addressLanguageFor,
  deliveryInfoSchema,
  isAddressLanguage,
  normaliseAddress,
  normalisePhone,
  sameAddress,
  shouldSearchAddress,
} from './delivery.ts';
import { parseDeliveryQuoteRequest } from './contracts/delivery.ts';

const valid = {
  fullName: 'Ada Lovelace',
  phone: '+393331234567',
  email: 'ada@example.com',
  fullAddress: 'Via Roma 12, 00100 Roma',
  notes: 'Ring twice',
};

function problems(input: Record<string, unknown>): Record<string, string> {
  const r = deliveryInfoSchema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('deliveryInfoSchema (address form)', () => {
  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['a complete form', {}, {}],
    ['no phone', { phone: undefined }, {}],
    ['an empty phone', { phone: '' }, {}],
    ['no notes', { notes: undefined }, {}],
    ['fullName of exactly 5', { fullName: 'Ada L' }, {}],
    ['fullName of 4', { fullName: 'AdaL' }, { fullName: 'Minimum length 5 characters' }],
    ['fullName of spaces', { fullName: '       ' }, { fullName: 'Minimum length 5 characters' }],
    ['fullName missing', { fullName: undefined }, { fullName: 'Minimum length 5 characters' }],
    ['phone of 7 digits', { phone: '1234567' }, {}],
    ['phone of 15 digits with plus', { phone: '+123456789012345' }, {}],
    ['phone of 6 digits', { phone: '123456' }, { phone: 'Invalid phone number' }],
    ['phone of 16 digits', { phone: '1234567890123456' }, { phone: 'Invalid phone number' }],
    ['phone with letters', { phone: '+39abc45678' }, { phone: 'Invalid phone number' }],
    ['phone with spaces inside', { phone: '+39 333 1234567' }, {}],
    ['phone with dashes', { phone: '333-123-4567' }, {}],
    ['phone with dots', { phone: '06.12.34.56.78' }, {}],
    ['phone with parentheses', { phone: '+1 (415) 555-0100' }, {}],
    ['phone with a no-break space', { phone: '+44\u00a020 7946 0958' }, {}],
    ['phone of 6 digits with separators', { phone: '12-34-56' }, { phone: 'Invalid phone number' }],
    ['phone of 16 digits with separators', { phone: '+1234 5678 9012 3456' }, { phone: 'Invalid phone number' }],
    ['phone of separators only', { phone: ' - ( ) . ' }, {}],
    ['phone with a plus inside', { phone: '39+3331234567' }, { phone: 'Invalid phone number' }],
    ['phone with a slash', { phone: '0612/345678' }, { phone: 'Invalid phone number' }],
    ['phone with two plus signs', { phone: '++3933312345' }, { phone: 'Invalid phone number' }],
    ['bad email', { email: 'ada@' }, { email: 'Invalid email' }],
    ['missing email', { email: undefined }, { email: 'Invalid email' }],
    ['fullAddress of 10', { fullAddress: 'Via Roma 1' }, {}],
    ['fullAddress of 9', { fullAddress: 'Via Roma9' }, { fullAddress: 'Minimum length 10 characters' }],
    [
      'fullName of 3 emoji (6 UTF-16 units) is 3 characters',
      { fullName: '😀😀😀' },
      { fullName: 'Minimum length 5 characters' },
    ],
    ['fullName of 120 emoji is 120 characters', { fullName: '😀'.repeat(120) }, {}],
    ['fullName of 121 characters', { fullName: 'a'.repeat(121) }, { fullName: 'Maximum length 120 characters' }],
    ['notes of 500 emoji', { notes: '🌶'.repeat(500) }, {}],
    ['notes of 501 characters', { notes: 'x'.repeat(501) }, { notes: 'Maximum length 500 characters' }],
  ])('%s', (_name, override, expected) => {
    expect(problems({ ...valid, ...override })).toEqual(expected);
  });

  it.each<[string, string]>([
    ['+39 333 123 4567', '+393331234567'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['06.12.34.56.78', '0612345678'],
    ['  0612345678  ', '0612345678'],
  ])('stores the phone %j as %j', (phone, stored) => {
    expect(deliveryInfoSchema.parse({ ...valid, phone }).phone).toBe(stored);
  });

  it.each<[string, string]>([
    ['+39 (06) 123-45.67', '+39061234567'],
    ['abc 123', 'abc123'],
    ['', ''],
  ])('normalisePhone(%j) = %j', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it('trims and drops empty optional fields', () => {
    expect(deliveryInfoSchema.parse({ ...valid, fullName: '  Ada Lovelace ', phone: '', notes: '  ' })).toEqual({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      fullAddress: 'Via Roma 12, 00100 Roma',
    });
  });
});

describe('address search', () => {
  it.each<[string, string]>([
    ['  Via   Roma  12 ', 'Via Roma 12'],
    ['Via\tRoma\n12', 'Via Roma 12'],
    ['', ''],
  ])('normaliseAddress(%j)', (input, expected) => {
    expect(normaliseAddress(input)).toBe(expected);
  });

  it.each<[string | null, boolean]>([
    ['Vi', false],
    ['  Vi  ', false],
    ['Via', true],
    [null, false],
  ])('shouldSearchAddress(%j)', (q, expected) => {
    expect(shouldSearchAddress(q)).toBe(expected);
  });

  it.each<[string | null, string]>([
    ['en', 'en-US'],
    ['fr', 'fr-FR'],
    ['it', 'it-IT'],
    ['th', 'th-TH'],
    ['de', 'de-DE'],
    ['de-CH', 'de-DE'],
    ['es', 'en-US'],
    [null, 'en-US'],
  ])('addressLanguageFor(%j)', (lang, expected) => {
    expect(addressLanguageFor(lang)).toBe(expected);
  });

  it.each<[unknown, boolean]>([
    ['en-US', true],
    ['de-DE', true],
    ['th-TH', true],
    ['es-ES', false],
    ['en', false],
    [undefined, false],
  ])('isAddressLanguage(%j)', (v, expected) => {
    expect(isAddressLanguage(v)).toBe(expected);
  });

  it('sameAddress ignores spacing and case', () => {
    expect(sameAddress(' Via Roma  12 ', 'via roma 12')).toBe(true);
    expect(sameAddress('Via Roma 12', 'Via Roma 13')).toBe(false);
  });
});

describe('parseDeliveryQuoteRequest', () => {
  it.each<[string, unknown, string | null]>([
    ['valid', { venueUrl: 'casa-verde', deliveryAddress: 'Via Roma 12' }, null],
    ['empty address', { venueUrl: 'casa-verde', deliveryAddress: '  ' }, 'Invalid address provided'],
    ['numeric address', { venueUrl: 'casa-verde', deliveryAddress: 12 }, 'Invalid address provided'],
    ['missing address', { venueUrl: 'casa-verde' }, 'Invalid address provided'],
    ['empty venueUrl', { venueUrl: '', deliveryAddress: 'Via Roma 12' }, 'Invalid venueUrl provided'],
    ['object venueUrl', { venueUrl: {}, deliveryAddress: 'Via Roma 12' }, 'Invalid venueUrl provided'],
    ['no body', null, 'Invalid address provided'],
  ])('%s', (_name, body, message) => {
    if (message === null) {
      expect(parseDeliveryQuoteRequest(body)).toEqual({ venueUrl: 'casa-verde', deliveryAddress: 'Via Roma 12' });
    } else {
      expect(() => parseDeliveryQuoteRequest(body)).toThrow(expect.objectContaining({ message, status: 400 }));
    }
  });
});
