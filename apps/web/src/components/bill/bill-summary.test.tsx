import { describe, expect, it } from 'vitest';
import { BillSummary, type BillFigures } from './bill-summary.tsx';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import type { Language } from '../../i18n/languages.ts';

// The worked examples of decision 016, in minor units.
const france: BillFigures = {
  currency: 'eur',
  subtotal: 4750,
  serviceCharge: 0,
  tax: [
    { rate: 'food', name: 'TVA 10 %', percent: 10, base: 2682, amount: 268 },
    { rate: 'alcohol', name: 'TVA 20 %', percent: 20, base: 1500, amount: 300 },
  ],
  taxMode: 'inclusive',
  deliveryCost: 0,
  total: 4750,
};
const thailand: BillFigures = {
  currency: 'thb',
  subtotal: 52000,
  serviceCharge: 5200,
  tax: [{ rate: 'vat', name: 'VAT 7%', percent: 7, base: 57200, amount: 4004 }],
  taxMode: 'exclusive',
  deliveryCost: 0,
  total: 61204,
};
const text = () => document.body.textContent!.replace(/\s+/g, ' ');

describe('BillSummary', () => {
  it('adds tax and service charge as lines when prices exclude tax', async () => {
    await renderWithProviders(<BillSummary bill={thailand} />);
    expect(text()).toContain('Subtotal฿520.00');
    expect(text()).toContain('Service charge฿52.00');
    expect(text()).toContain('VAT 7%฿40.04');
    expect(text()).toContain('Total฿612.04');
    expect(text()).not.toContain('incl.');
  });

  it.each<{ language: Language; shown: string; total: string }>([
    { language: 'en', shown: 'incl. TVA 10 %: €2.68 · incl. TVA 20 %: €3.00', total: 'Total€47.50' },
    { language: 'fr', shown: 'dont TVA 10 % : 2,68 € · dont TVA 20 % : 3,00 €', total: 'Total47,50 €' },
    { language: 'it', shown: 'di cui TVA 10 %: 2,68 € · di cui TVA 20 %: 3,00 €', total: '47,50 €' },
    { language: 'de', shown: 'inkl. TVA 10 %: 2,68 € · inkl. TVA 20 %: 3,00 €', total: '47,50 €' },
    { language: 'th', shown: 'รวม TVA 10 %: €2.68 · รวม TVA 20 %: €3.00', total: '€47.50' },
  ])('shows the tax inside the prices under the total in $language', async ({ language, shown, total }) => {
    await renderWithProviders(<BillSummary bill={france} />, { language });
    expect(text()).toContain(shown);
    expect(text()).toContain(total);
    // No added tax lines and no subtotal when nothing is added to the lines.
    expect(text()).not.toMatch(/Subtotal|Sous-total/);
  });

  it('shows only the total when the venue sets no tax', async () => {
    await renderWithProviders(
      <BillSummary bill={{ ...france, tax: [], taxMode: null, subtotal: 1200, total: 1200 }} />,
    );
    expect(text().trim()).toBe('Total€12.00');
  });
});
