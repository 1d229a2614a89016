import { afterEach, describe, expect, it } from 'vitest';
import { loadStripeFrom, PaymentScriptError } from './load-stripe.ts';

const scriptFor = (url: string) => document.head.querySelector<HTMLScriptElement>(`script[src="${url}"]`);

afterEach(() => {
  delete (window as { Stripe?: unknown }).Stripe;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('loadStripeFrom', () => {
  it('injects the script from the given URL once and calls window.Stripe with the publishable key', async () => {
    const url = 'http://127.0.0.1:9/v3/a';
    const first = loadStripeFrom(url, 'pk_test_1');
    const second = loadStripeFrom(url, 'pk_test_2');
    expect(document.head.querySelectorAll(`script[src="${url}"]`)).toHaveLength(1);
    const keys: string[] = [];
    (window as { Stripe?: unknown }).Stripe = (key: string) => {
      keys.push(key);
      return { key };
    };
    scriptFor(url)!.dispatchEvent(new Event('load'));
    expect(await first).toEqual({ key: 'pk_test_1' });
    expect(await second).toEqual({ key: 'pk_test_2' });
    expect(keys).toEqual(['pk_test_1', 'pk_test_2']);
  });

  it("says 'payment script failed to load' when the script does not load, and loads it again next time", async () => {
    const url = 'http://127.0.0.1:9/v3/b';
    const failing = loadStripeFrom(url, 'pk_test');
    scriptFor(url)!.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toEqual(new PaymentScriptError('payment script failed to load'));
    expect(scriptFor(url)).toBeNull();
    void loadStripeFrom(url, 'pk_test').catch(() => undefined);
    expect(scriptFor(url)).not.toBeNull();
  });

  it("says 'not available' when the script loads but defines no Stripe", async () => {
    const url = 'http://127.0.0.1:9/v3/c';
    const pending = loadStripeFrom(url, 'pk_test');
    scriptFor(url)!.dispatchEvent(new Event('load'));
    await expect(pending).rejects.toMatchObject({ problem: 'not available' });
  });
});
