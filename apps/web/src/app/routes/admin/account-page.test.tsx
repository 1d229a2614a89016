import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { resetSessionStore } from '../../../features/auth/index.ts';
import { demoVenues } from '../../../testing/auth-handlers.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/Carte:owner%40example.com?secret=${SECRET}&issuer=Carte&digits=6&period=30`;

const fail = (status: number, code: string, error: string) =>
  HttpResponse.json({ success: false, error, code }, { status });

/** The account calls of architecture.md 4.6 with a signed-in owner (the fake's own state). */
function accountBackend({ otpEnabled = false, password = 'current-pass-1' } = {}) {
  const state = { otpEnabled, pendingSecret: null as string | null, password, code: '654321' };
  const calls: { path: string; body: unknown }[] = [];
  const body = async (request: Request) => {
    const value = (await request.json().catch(() => null)) as Record<string, string> | null;
    calls.push({ path: new URL(request.url).pathname, body: value });
    return value ?? {};
  };
  server.use(
    http.get('*/api/_auth/session', () =>
      HttpResponse.json({
        success: true,
        data: {
          user: {
            id: 'user-1',
            first_name: null,
            last_name: null,
            email: 'owner@example.com',
            otp_enabled: state.otpEnabled,
          },
          venues: demoVenues,
        },
      }),
    ),
    // A returning owner: the app refreshes the short-lived token first.
    http.post('*/api/auth/refresh', () =>
      HttpResponse.json({ success: true, data: { expires: 900_000, expires_at: Date.now() + 900_000 } }),
    ),
    http.post('*/api/users/me/password', async ({ request }) => {
      const { password: current, new_password: next } = await body(request);
      if (current !== state.password)
        return fail(401, 'INVALID_CREDENTIALS', 'Please check your credentials and try again.');
      if ((next ?? '').length < 8) return fail(400, 'VALIDATION', 'new_password: must be from 8 to 1024 characters');
      state.password = next!;
      return HttpResponse.json({ success: true, data: null });
    }),
    http.post('*/api/auth/otp/enable', async ({ request }) => {
      await body(request);
      if (state.otpEnabled)
        return fail(409, 'OTP_ALREADY_ENABLED', 'One-time codes are already turned on for this account.');
      state.pendingSecret = SECRET;
      return HttpResponse.json({ success: true, data: { secret: SECRET, otpauth_url: OTPAUTH } });
    }),
    http.post('*/api/auth/otp/verify', async ({ request }) => {
      const { otp } = await body(request);
      if (otp !== state.code || !state.pendingSecret)
        return fail(401, 'INVALID_OTP', 'The one-time code is not valid. Please try again.');
      state.otpEnabled = true;
      return HttpResponse.json({ success: true, data: { enabled: true } });
    }),
    http.post('*/api/auth/otp/disable', async ({ request }) => {
      const { otp } = await body(request);
      if (!state.otpEnabled) return fail(409, 'OTP_NOT_ENABLED', 'One-time codes are not turned on for this account.');
      if (otp !== state.code) return fail(401, 'INVALID_OTP', 'The one-time code is not valid. Please try again.');
      state.otpEnabled = false;
      return HttpResponse.json({ success: true, data: { enabled: false } });
    }),
  );
  return { state, calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

async function openAccount() {
  await renderWithProviders(undefined, { route: '/admin/account' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
  return userEvent.setup();
}

const passwordSection = () => screen.getByRole('region', { name: 'Password' });
const otpSection = () => screen.getByRole('region', { name: 'Two-step sign-in' });

beforeEach(() => {
  resetSessionStore();
});

describe('/admin/account: password', () => {
  it('changes the password and says so, with the current one checked by the server', async () => {
    const fake = accountBackend();
    const user = await openAccount();
    const section = within(passwordSection());
    expect(section.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(section.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(section.getByLabelText('New password')).toHaveAccessibleDescription('At least 8 characters.');
    await user.type(section.getByLabelText('Current password'), 'current-pass-1');
    await user.type(section.getByLabelText('New password'), 'olive<oil>2026');
    await user.type(section.getByLabelText('Repeat the new password'), 'olive<oil>2026');
    await user.click(section.getByRole('button', { name: 'Change password' }));

    expect(await section.findByRole('status')).toHaveTextContent('Your password has changed.');
    // Escaped like the login (the server undoes it); the form is emptied.
    expect(fake.callsTo('/api/users/me/password')[0]?.body).toEqual({
      password: 'current-pass-1',
      new_password: 'olive&lt;oil&gt;2026',
    });
    expect(section.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows the refusal of a wrong current password and changes nothing', async () => {
    const fake = accountBackend();
    const user = await openAccount();
    const section = within(passwordSection());
    await user.type(section.getByLabelText('Current password'), 'not-my-password');
    await user.type(section.getByLabelText('New password'), 'brand-new-pass');
    await user.type(section.getByLabelText('Repeat the new password'), 'brand-new-pass');
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('The current password is not right.')).toBeInTheDocument();
    expect(section.queryByText(/Your password has changed/)).not.toBeInTheDocument();
    expect(fake.state.password).toBe('current-pass-1');
  });

  it('checks the length and the repeat before asking the server', async () => {
    const fake = accountBackend();
    const user = await openAccount();
    const section = within(passwordSection());
    await user.type(section.getByLabelText('Current password'), 'current-pass-1');
    await user.type(section.getByLabelText('New password'), 'short');
    await user.type(section.getByLabelText('Repeat the new password'), 'shorter');
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('The new password needs at least 8 characters.')).toBeInTheDocument();
    expect(section.getByText('The two new passwords are not the same.')).toBeInTheDocument();
    expect(section.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.callsTo('/api/users/me/password')).toHaveLength(0);
  });
});

describe('/admin/account: two-step sign-in', () => {
  it('turns on: shows the QR code and the key, refuses a wrong code, accepts the right one', async () => {
    const fake = accountBackend();
    const user = await openAccount();
    const section = within(otpSection());
    expect(section.getByText('Status: off')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Turn on' }));

    const qr = await section.findByRole('img', { name: 'QR code to add Carte to your authenticator app' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // A real QR code: a version-4+ matrix of dark modules, drawn in the page.
    expect(qr.querySelector('path')?.getAttribute('d')?.match(/M/g)?.length).toBeGreaterThan(300);
    expect(section.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    const code = section.getByLabelText('6-digit code from the app');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '111111');
    await user.click(section.getByRole('button', { name: 'Verify and turn on' }));
    expect(await section.findByRole('alert')).toHaveTextContent('That code is not valid.');
    expect(section.getByText('Status: off')).toBeInTheDocument();

    await user.type(section.getByLabelText('6-digit code from the app'), '654321');
    await user.click(section.getByRole('button', { name: 'Verify and turn on' }));
    expect(await section.findByText('Status: on')).toBeInTheDocument();
    expect(section.getByRole('status')).toHaveTextContent('Two-step sign-in is on.');
    expect(section.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(fake.callsTo('/api/auth/otp/verify').map((c) => c.body)).toEqual([{ otp: '111111' }, { otp: '654321' }]);
    expect(section.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('turns off with a current code', async () => {
    const fake = accountBackend({ otpEnabled: true });
    const user = await openAccount();
    const section = within(otpSection());
    expect(section.getByText('Status: on')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Turn off' }));
    await user.type(section.getByLabelText('Current 6-digit code from your app'), '000000');
    await user.click(section.getByRole('button', { name: 'Turn off' }));
    expect(await section.findByRole('alert')).toHaveTextContent('That code is not valid.');
    expect(fake.state.otpEnabled).toBe(true);

    await user.type(section.getByLabelText('Current 6-digit code from your app'), '654321');
    await user.click(section.getByRole('button', { name: 'Turn off' }));
    expect(await section.findByText('Status: off')).toBeInTheDocument();
    expect(section.getByRole('status')).toHaveTextContent('Two-step sign-in is off.');
    expect(fake.state.otpEnabled).toBe(false);
    expect(section.getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });

  it('is reached from the venue choice', async () => {
    accountBackend();
    await renderWithProviders(undefined, { route: '/admin/select-venue' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Your account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
  });
});
