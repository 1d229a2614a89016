import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStaffUser } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { dbKinds } from '../../test/test-db.ts';

/**
 * Issue 16 item 6: with PUBLIC_URL set, the same-origin check compares Origin with PUBLIC_URL only:
 * a proxy that passes the client's Host through must not make a foreign site "same origin".
 */
describe.each(dbKinds)('the same-origin check with PUBLIC_URL set on %s', (kind) => {
  let t: TestApp;
  const password = 'a long staff password';
  const email = `origin-${kind}@example.com`;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL: 'https://carte.example' } });
    await insertStaffUser(t.database.db, { email, password });
  });
  afterAll(async () => t?.close());

  const login = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password, mode: 'session' },
      headers,
      remoteAddress: '10.9.9.9',
    });

  it('refuses a foreign Origin even when the Host header matches it', async () => {
    const res = await login({ host: 'evil.example', origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'CSRF_REJECTED' });
  });

  it('refuses the server’s own Host when it is not PUBLIC_URL, and accepts PUBLIC_URL', async () => {
    const byHost = await login({ host: 'localhost:3000', origin: 'http://localhost:3000' });
    expect(byHost.statusCode).toBe(403);
    const ok = await login({ host: 'carte.example', origin: 'https://carte.example' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
