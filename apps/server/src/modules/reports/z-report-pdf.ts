import { minorToDecimal, type ZReport } from '@carte/domain';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A Z report as an A4 PDF (decision 024): the venue, the number, the local day and its bounds, then
 * the stored figures. Drawn with the standard Helvetica font (no font file to ship): characters it
 * cannot encode (Thai, some symbols) print as "?"; amounts are written "47.50 EUR".
 */

const A4 = { width: 595.28, height: 841.89 };
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.45, 0.45, 0.45);
const MARGIN = 50;

/** Text Helvetica's WinAnsi encoding can draw. */
export function pdfSafe(text: string): string {
  return [...text.normalize('NFC')].map((c) => (/^[\x20-\x7e\xa0-\xff€–—‘’“”•…]$/u.test(c) ? c : '?')).join('');
}

const LABELS = {
  en: {
    report: 'Z report no. {n}',
    day: 'Business day {date} ({zone})',
    span: 'From {from} to {to}',
    closed: 'Closed {at}',
    by: ' by {who}',
    totals: 'Totals',
    orders: 'Orders',
    subtotal: 'Lines (as priced)',
    service: 'Service charge',
    delivery: 'Delivery',
    gross: 'Gross (tax included, tips excluded)',
    tax: 'Tax',
    net: 'Net (without tax)',
    tips: 'Tips',
    refunds: 'Refunds ({n})',
    takings: 'Takings (gross + tips - refunds)',
    taxTitle: 'Tax by rate',
    noTax: 'No tax',
    on: 'on',
    methods: 'By payment method',
    noSale: 'No sale',
    card: 'Card (online)',
    cash: 'Cash',
    card_terminal: 'Card terminal',
    other: 'Other',
    categories: 'By category',
    noCategory: 'No category',
    dishes: 'By dish',
    tables: 'By table',
    table: 'Table',
    deliveryTo: 'Delivery',
    hours: 'By hour',
  },
  fr: {
    report: 'Rapport Z n° {n}',
    day: 'Journée du {date} ({zone})',
    span: 'Du {from} au {to}',
    closed: 'Clôturée le {at}',
    by: ' par {who}',
    totals: 'Totaux',
    orders: 'Commandes',
    subtotal: 'Lignes (prix affichés)',
    service: 'Service',
    delivery: 'Livraison',
    gross: 'Brut (TTC, hors pourboires)',
    tax: 'TVA',
    net: 'Net (HT)',
    tips: 'Pourboires',
    refunds: 'Remboursements ({n})',
    takings: 'Encaissements (brut + pourboires - remboursements)',
    taxTitle: 'TVA par taux',
    noTax: 'Aucune TVA',
    on: 'sur',
    methods: 'Par moyen de paiement',
    noSale: 'Aucune vente',
    card: 'Carte (en ligne)',
    cash: 'Espèces',
    card_terminal: 'Terminal de paiement',
    other: 'Autre',
    categories: 'Par catégorie',
    noCategory: 'Sans catégorie',
    dishes: 'Par plat',
    tables: 'Par table',
    table: 'Table',
    deliveryTo: 'Livraison',
    hours: 'Par heure',
  },
  it: {
    report: 'Chiusura Z n. {n}',
    day: 'Giornata del {date} ({zone})',
    span: 'Dal {from} al {to}',
    closed: 'Chiusa il {at}',
    by: ' da {who}',
    totals: 'Totali',
    orders: 'Ordini',
    subtotal: 'Righe (prezzi di listino)',
    service: 'Servizio',
    delivery: 'Consegna',
    gross: 'Lordo (IVA inclusa, mance escluse)',
    tax: 'IVA',
    net: 'Netto (IVA esclusa)',
    tips: 'Mance',
    refunds: 'Rimborsi ({n})',
    takings: 'Incassi (lordo + mance - rimborsi)',
    taxTitle: 'IVA per aliquota',
    noTax: 'Nessuna IVA',
    on: 'su',
    methods: 'Per metodo di pagamento',
    noSale: 'Nessuna vendita',
    card: 'Carta (online)',
    cash: 'Contanti',
    card_terminal: 'POS',
    other: 'Altro',
    categories: 'Per categoria',
    noCategory: 'Senza categoria',
    dishes: 'Per piatto',
    tables: 'Per tavolo',
    table: 'Tavolo',
    deliveryTo: 'Consegna',
    hours: 'Per ora',
  },
  de: {
    report: 'Z-Bericht Nr. {n}',
    day: 'Geschäftstag {date} ({zone})',
    span: 'Von {from} bis {to}',
    closed: 'Abgeschlossen am {at}',
    by: ' von {who}',
    totals: 'Summen',
    orders: 'Bestellungen',
    subtotal: 'Positionen (wie berechnet)',
    service: 'Servicezuschlag',
    delivery: 'Lieferung',
    gross: 'Brutto (inkl. Steuer, ohne Trinkgeld)',
    tax: 'Steuer',
    net: 'Netto (ohne Steuer)',
    tips: 'Trinkgeld',
    refunds: 'Erstattungen ({n})',
    takings: 'Einnahmen (Brutto + Trinkgeld - Erstattungen)',
    taxTitle: 'Steuer nach Satz',
    noTax: 'Keine Steuer',
    on: 'auf',
    methods: 'Nach Zahlungsart',
    noSale: 'Kein Verkauf',
    card: 'Karte (online)',
    cash: 'Bar',
    card_terminal: 'Kartenterminal',
    other: 'Sonstige',
    categories: 'Nach Kategorie',
    noCategory: 'Ohne Kategorie',
    dishes: 'Nach Gericht',
    tables: 'Nach Tisch',
    table: 'Tisch',
    deliveryTo: 'Lieferung',
    hours: 'Nach Stunde',
  },
} as const;
type Labels = Record<keyof (typeof LABELS)['en'], string>;

/** Labels in the owner's language; Thai prints in English (Helvetica has no Thai glyphs). */
export function zReportLabels(language: string): Labels {
  return (LABELS as Record<string, Labels>)[language] ?? LABELS.en;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

export async function renderZReportPdf(z: ZReport, language = 'en'): Promise<Uint8Array> {
  const L = zReportLabels(language);
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(`Z report ${z.number} - ${z.venue_name} - ${z.date}`));
  doc.setCreator('Carte');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const cur = z.currency.toUpperCase();
  const money = (minor: number) => `${minorToDecimal(minor)} ${cur}`;
  const f = z.figures;

  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const ensure = (h: number) => {
    if (y - h < MARGIN) {
      page = doc.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    }
  };
  const text = (s: string, x: number, font: PDFFont, size: number, color = INK) =>
    page.drawText(pdfSafe(s), { x, y, size, font, color });
  const right = (s: string, xRight: number, font: PDFFont, size: number) => {
    const safe = pdfSafe(s);
    page.drawText(safe, { x: xRight - font.widthOfTextAtSize(safe, size), y, size, font, color: INK });
  };
  const fit = (s: string, font: PDFFont, size: number, width: number) => {
    let out = pdfSafe(s);
    while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = `${out.slice(0, -2)}…`;
    return out;
  };
  const row = (label: string, value: string, strong = false) => {
    ensure(16);
    text(fit(label, regular, 11, 330), MARGIN, strong ? bold : regular, 11);
    right(value, A4.width - MARGIN, strong ? bold : regular, 11);
    y -= 16;
  };
  const heading = (s: string) => {
    ensure(34);
    y -= 10;
    text(s, MARGIN, bold, 13);
    y -= 20;
  };

  text(z.venue_name, MARGIN, bold, 20);
  y -= 28;
  text(fill(L.report, { n: z.number }), MARGIN, bold, 16);
  y -= 20;
  text(fill(L.day, { date: z.date, zone: z.timezone }), MARGIN, regular, 11);
  y -= 15;
  text(fill(L.span, { from: z.starts_at, to: z.ends_at }), MARGIN, regular, 10, GREY);
  y -= 14;
  text(
    fill(L.closed, { at: z.closed_at }) + (z.closed_by ? fill(L.by, { who: z.closed_by }) : ''),
    MARGIN,
    regular,
    10,
    GREY,
  );
  y -= 18;

  heading(L.totals);
  row(L.orders, String(f.orders));
  row(L.subtotal, money(f.subtotal));
  row(L.service, money(f.service_charge));
  row(L.delivery, money(f.delivery));
  row(L.gross, money(f.gross), true);
  row(L.tax, money(f.tax_total));
  row(L.net, money(f.net), true);
  row(L.tips, money(f.tips));
  row(fill(L.refunds, { n: f.refunds.count }), money(f.refunds.amount ? -f.refunds.amount : 0));
  row(L.takings, money(f.takings), true);

  heading(L.taxTitle);
  if (!f.tax.length) row(L.noTax, money(0));
  for (const t of f.tax) row(`${t.name} (${t.percent} %) ${L.on} ${money(t.base)}`, money(t.amount));

  heading(L.methods);
  const methodNames: Record<string, string> = {
    card: L.card,
    cash: L.cash,
    card_terminal: L.card_terminal,
    other: L.other,
  };
  if (!f.by_method.length) row(L.noSale, money(0));
  for (const m of f.by_method) row(`${methodNames[m.method] ?? m.method} (${m.orders})`, money(m.amount + m.tips));

  heading(L.categories);
  for (const c of f.by_category) row(`${c.name ?? L.noCategory} (${c.quantity})`, money(c.amount));

  heading(L.dishes);
  for (const p of f.by_product) row(`${p.quantity} x ${p.name}`, money(p.amount));

  heading(L.tables);
  for (const t of f.by_table) row(`${t.delivery ? L.deliveryTo : L.table} ${t.spot} (${t.orders})`, money(t.amount));

  heading(L.hours);
  for (const h of f.by_hour.filter((x) => x.orders))
    row(`${String(h.hour).padStart(2, '0')}:00-${String(h.hour).padStart(2, '0')}:59 (${h.orders})`, money(h.amount));

  return doc.save();
}
