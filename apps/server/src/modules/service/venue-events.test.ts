import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoardFixture, type BoardFixture } from '../../../test/order-board-fixtures.ts';
import { openSse, type SseStream } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';

/** Board event `venue.updated` (architecture 4.10): another tablet's pause or prep time reaches every board of the venue. */
describe.each(dbKinds)('venue.updated on the board stream (%s)', (kind) => {
  let t: TestApp;
  let f: BoardFixture;
  let base: string;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await createBoardFixture(t.app, t.database.db);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t?.close();
  });

  const board = async (venueId: string, who: 'manager' | 'otherManager') => {
    const s = await openSse(`${base}/api/venue/orders/stream?venueId=${venueId}`, f.headers(who));
    streams.push(s);
    expect(s.status).toBe(200);
    await s.waitForComment((c) => c === 'connected');
    return s;
  };
  const send = (method: 'POST' | 'DELETE' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: f.headers('manager'), ...(payload ? { payload } : {}) });

  it('a pause, a resume and a prep time each tell the venue’s boards, and no other venue’s', async () => {
    const mine = await board(f.v.venue.id, 'manager');
    const theirs = await board(f.other.venue.id, 'otherManager');
    const seen = (from: number) =>
      mine.waitFor((e) => e.event === 'venue.updated' && JSON.parse(e.data).venueId === f.v.venue.id, 5000, from);

    let from = mine.events.length;
    expect((await send('POST', '/api/venue/pause', { venueId: f.v.venue.id, minutes: 15 })).statusCode).toBe(200);
    await seen(from);
    from = mine.events.length;
    expect((await send('DELETE', `/api/venue/pause?venueId=${f.v.venue.id}`)).statusCode).toBe(200);
    await seen(from);
    from = mine.events.length;
    expect((await send('PATCH', '/api/venue', { id: f.v.venue.id, prepMinutes: 25 })).statusCode).toBe(200);
    await seen(from);
    expect(theirs.events.filter((e) => e.event === 'venue.updated')).toEqual([]);
  });
});
