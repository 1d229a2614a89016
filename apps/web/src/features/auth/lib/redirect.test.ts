import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginHref, safeRedirect } from './redirect.ts';

const venue = (venueUrl: string) => ({ id: venueUrl, venueUrl, name: venueUrl, role: 'owner' as const });

describe('redirects after login', () => {
  it.each([
    ['/admin/trattoria-da-luca/menu', '/admin/trattoria-da-luca/menu'],
    ['/admin/select-venue', '/admin/select-venue'],
    ['https://evil.example/admin', null],
    ['//evil.example/admin', null],
    ['/admin/login', null],
    ['/admin/logout', null],
    ['/trattoria-da-luca', null],
    ['/admin\\..\\x', null],
    [null, null],
  ])('safeRedirect(%j) = %j', (input, want) => {
    expect(safeRedirect(input)).toBe(want);
  });

  it.each([
    { venues: [venue('a'), venue('b')], redirect: null, want: '/admin/select-venue' },
    { venues: [venue('a')], redirect: null, want: '/admin/a' },
    { venues: [venue('a')], redirect: '/admin/b/orders', want: '/admin/b/orders' },
    { venues: [], redirect: '//x', want: '/admin/select-venue' },
  ])('afterLoginPath -> $want', ({ venues, redirect, want }) => {
    expect(afterLoginPath(venues, redirect)).toBe(want);
  });

  it('loginHref carries where the user was', () => {
    expect(loginHref('/admin/a/menu?x=1')).toBe('/admin/login?redirect=%2Fadmin%2Fa%2Fmenu%3Fx%3D1');
    expect(loginHref('/admin/logout')).toBe('/admin/login');
  });
});
