import { describe, expect, it } from 'vitest';
import { guestPageAt } from './routes.tsx';

// Which page chunk a path downloads at start (main.tsx) and the server preloads: the page the
// route shows, and none for paths that show no guest page of their own.
describe('the guest page chunk of a path', () => {
  it.each([
    ['/', 'chat'],
    ['/trattoria-da-luca', 'chat'],
    ['/trattoria-da-luca/', 'chat'],
    ['/trattoria-da-luca/menu', 'menu'],
    ['/trattoria-da-luca/order', 'order'],
    ['/trattoria-da-luca/order-error', undefined],
    ['/trattoria-da-luca/error', undefined],
    ['/trattoria-da-luca/no-such-page', undefined],
    ['/error', undefined],
    ['/admin', undefined],
    ['/admin/trattoria-da-luca/menu', undefined],
  ])('%s -> %s', (path, page) => {
    expect(guestPageAt(path)).toBe(page);
  });
});
