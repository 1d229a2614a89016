import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/env.ts';
import { AppError } from '../src/http/app-error.ts';
import { isDatabaseUnavailable, mapError } from '../src/http/error-handler.ts';
import { createOrderingVenue, type OrderingVenue } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('database errors that mean "not reachable now" are a 503', () => {
  it.each<[string, unknown]>([
    ['ECONNREFUSED', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['ECONNRESET', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['57P01 admin_shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['57P02 crash_shutdown', pgError('57P02')],
    ['57P03 cannot_connect_now', pgError('57P03', 'the database system is starting up')],
    ['08006 connection_failure', pgError('08006')],
    ['08P01 protocol_violation', pgError('08P01')],
    ['Connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['a pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a client that is not queryable', new Error('Client has encountered a connection error and is not queryable')],
    ['a database refusing connections', pgError('55000', 'database "carte" is not currently accepting connections')],
    ['wrapped by drizzle', new DrizzleQueryError('select 1', [], pgError('57P01'))],
    ['behind a 500 AppError', new AppError('ORDER_PLACEMENT_FAILED', { cause: new Error('Connection terminated') })],
    [
      'inside an AggregateError',
      Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'all failed'), {}),
    ],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(mapError(error)).toEqual({
      status: 503,
      body: {
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        error: 'The service is temporarily unavailable. Please try again in a moment.',
      },
    });
  });

  it.each<[string, unknown, number, string]>([
    ['a unique violation', pgError('23505', 'duplicate key value'), 500, 'INTERNAL'],
    [
      'a NUL the database refused',
      pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'),
      500,
      'INTERNAL',
    ],
    [
      'a courier that cannot be reached (502 stays 502)',
      new AppError('PROVIDER_FAILED', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }),
      502,
      'PROVIDER_FAILED',
    ],
    ['a validation error', new AppError('VALIDATION'), 400, 'VALIDATION'],
  ])('but not %s', (_name, error, status, code) => {
    expect(mapError(error)).toMatchObject({ status, body: { code } });
  });
});

describe('configuration of the limits', () => {
  it('has defaults for the three limits and refuses a bad value', () => {
    expect(parseEnv({})).toMatchObject({
      API_RATE_LIMIT_PER_MINUTE: 3000,
      ORDER_RATE_LIMIT_PER_MINUTE: 20,
      QUOTE_RATE_LIMIT_PER_MINUTE: 30,
    });
    expect(parseEnv({ ORDER_RATE_LIMIT_PER_MINUTE: '5' }).ORDER_RATE_LIMIT_PER_MINUTE).toBe(5);
    expect(() => parseEnv({ ORDER_RATE_LIMIT_PER_MINUTE: '0', QUOTE_RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(
      /ORDER_RATE_LIMIT_PER_MINUTE: must be at least 1[\s\S]*QUOTE_RATE_LIMIT_PER_MINUTE: must be a whole number/,
    );
  });
});

describe('per-client limits on orders and quotes, beside the global one', () => {
  let t: TestApp;
  let v: OrderingVenue;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      env: { ORDER_RATE_LIMIT_PER_MINUTE: '3', QUOTE_RATE_LIMIT_PER_MINUTE: '2', API_RATE_LIMIT_PER_MINUTE: '8' },
    });
    v = await createOrderingVenue(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const order = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order',
      remoteAddress: ip,
      payload: {
        venueUrl: v.venue.venueUrl,
        venueId: v.venue.id,
        items: [{ productId: v.product.water, variationIds: [], quantity: 1 }],
        spot: '1',
        delivery: false,
      },
    });
  const quote = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/delivery-quote',
      remoteAddress: ip,
      payload: { venueUrl: v.venue.venueUrl, deliveryAddress: 'Via Roma 12, 00100 Roma' },
    });
  const rateLimited = { success: false, code: 'RATE_LIMITED', error: 'Too many requests. Please try again later.' };

  it('ORDER_RATE_LIMIT_PER_MINUTE orders per address, then 429; another address still orders', async () => {
    for (let i = 0; i < 3; i++) expect((await order('10.0.0.1')).statusCode).toBe(200);
    const refused = await order('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(rateLimited);
    expect((await order('10.0.0.2')).statusCode).toBe(200);
  });

  it('QUOTE_RATE_LIMIT_PER_MINUTE quotes per address, then 429', async () => {
    for (let i = 0; i < 2; i++) expect((await quote('10.0.1.1')).statusCode).toBe(200);
    const refused = await quote('10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(rateLimited);
    expect((await quote('10.0.1.2')).statusCode).toBe(200);
  });

  it('counts the address search in characters, not UTF-16 units', async () => {
    const search = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/address?q=${encodeURIComponent(q)}`, remoteAddress: '10.0.3.1' });
    expect((await search('🏠'.repeat(300))).statusCode).toBe(200); // 300 characters, 600 UTF-16 units
    const tooLong = await search('🏠'.repeat(301));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'q', message: 'is too long' }] });
  });

  it('API_RATE_LIMIT_PER_MINUTE for the rest of /api', async () => {
    const get = () => t.app.inject({ method: 'GET', url: '/api/address?q=Via+Roma', remoteAddress: '10.0.2.1' });
    for (let i = 0; i < 8; i++) expect((await get()).statusCode).toBe(200);
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(rateLimited);
  });
});
