import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  matchTotp,
  otpauthUrl,
  totpCode,
  totpStep,
} from './totp.ts';

const SHA1_KEY = Buffer.from('12345678901234567890');
const SHA256_KEY = Buffer.from('12345678901234567890123456789012');
const SHA512_KEY = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

describe('HOTP (RFC 4226 appendix D)', () => {
  it.each([
    [0, '755224'],
    [1, '287082'],
    [2, '359152'],
    [3, '969429'],
    [4, '338314'],
    [5, '254676'],
    [6, '287922'],
    [7, '162583'],
    [8, '399871'],
    [9, '520489'],
  ])('counter %i gives %s', (counter, code) => {
    expect(hotp(SHA1_KEY, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, 8 digits, fixed clock)', () => {
  it.each([
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ])('T = %i s', (seconds, sha1, sha256, sha512) => {
    const step = totpStep(seconds * 1000);
    expect(hotp(SHA1_KEY, step, 8, 'sha1')).toBe(sha1);
    expect(hotp(SHA256_KEY, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(SHA512_KEY, step, 8, 'sha512')).toBe(sha512);
    // The 6-digit code apps show is the same value modulo 10^6.
    expect(totpCode(base32Encode(SHA1_KEY), seconds * 1000)).toBe(sha1.slice(2));
  });
});

describe('matchTotp', () => {
  const secret = base32Encode(SHA1_KEY);
  const t = 1111111111_000; // step 37037037 (code 050471)

  it.each([
    ['the current code', 0, true],
    ['the previous step (clock 30 s behind)', -30_000, true],
    ['the next step (clock 30 s ahead)', 30_000, true],
    ['two steps ago', -60_000, false],
    ['two steps ahead', 60_000, false],
  ])('accepts %s: %s', (_, offset, ok) => {
    const code = totpCode(secret, t + offset);
    expect(matchTotp(secret, code, t, null) !== null).toBe(ok);
  });

  it('refuses a code of a step already used, and any earlier step', () => {
    const step = matchTotp(secret, totpCode(secret, t), t, null)!;
    expect(step).toBe(totpStep(t));
    expect(matchTotp(secret, totpCode(secret, t), t, step)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, t - 30_000), t, step)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, t + 30_000), t, step)).toBe(step + 1);
  });

  it.each(['', '12345', '1234567', 'abcdef', '05047 '])('refuses the malformed code %j', (code) => {
    expect(matchTotp(secret, code, t, null)).toBeNull();
  });

  it('refuses with a broken secret instead of throwing', () => {
    expect(matchTotp('not base32!', '123456', t, null)).toBeNull();
  });
});

describe('secrets and the otpauth URL', () => {
  it('base32 round-trips and a new secret is 160 bits', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
  });

  it('names the issuer and account the way authenticator apps read it', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'owner@carte.demo'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Carte:owner@carte.demo');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Carte',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
