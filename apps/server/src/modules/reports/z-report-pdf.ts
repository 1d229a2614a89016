import { minorToDecimal, PICKUP_SPOT, type ZReport } from '@carte/domain';
import { createPdfDocument, PdfWriter, type Weight } from '../../pdf/pdf-writer.ts';

/**
 * A Z report as an A4 PDF (decision 024): the venue and its legal details, the number, the local day
 * and its bounds, then the stored figures. Set in Noto Sans Thai through the writer the receipts use
 * (../../pdf/pdf-writer.ts), so a Thai legal name, Thai dish names and the Thai labels print;
 * amounts are written "47.50 EUR".
 */

const LABELS = {
  en: {
    report: 'Z report no. {n}',
    taxId: 'Tax number',
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
    pickup: 'Pickup',
    hours: 'By hour',
  },
  fr: {
    report: 'Rapport Z n° {n}',
    taxId: 'N° de TVA',
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
    pickup: 'À emporter',
    hours: 'Par heure',
  },
  it: {
    report: 'Chiusura Z n. {n}',
    taxId: 'Partita IVA',
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
    pickup: 'Asporto',
    hours: 'Per ora',
  },
  de: {
    report: 'Z-Bericht Nr. {n}',
    taxId: 'Steuernummer',
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
    pickup: 'Abholung',
    hours: 'Nach Stunde',
  },
  th: {
    report: 'รายงาน Z เลขที่ {n}',
    taxId: 'เลขประจำตัวผู้เสียภาษี',
    day: 'วันทำการ {date} ({zone})',
    span: 'ตั้งแต่ {from} ถึง {to}',
    closed: 'ปิดยอดเมื่อ {at}',
    by: ' โดย {who}',
    totals: 'ยอดรวม',
    orders: 'คำสั่งซื้อ',
    subtotal: 'รายการ (ตามราคาที่ตั้งไว้)',
    service: 'ค่าบริการ',
    delivery: 'ค่าจัดส่ง',
    gross: 'ยอดขายรวม (รวมภาษี ไม่รวมทิป)',
    tax: 'ภาษี',
    net: 'ยอดสุทธิ (ไม่รวมภาษี)',
    tips: 'ทิป',
    refunds: 'การคืนเงิน ({n})',
    takings: 'รายรับ (ยอดขายรวม + ทิป - การคืนเงิน)',
    taxTitle: 'ภาษีแยกตามอัตรา',
    noTax: 'ไม่มีภาษี',
    on: 'จากฐาน',
    methods: 'แยกตามวิธีชำระเงิน',
    noSale: 'ไม่มียอดขาย',
    card: 'บัตร (ออนไลน์)',
    cash: 'เงินสด',
    card_terminal: 'เครื่องรูดบัตร',
    other: 'อื่น ๆ',
    categories: 'แยกตามหมวดหมู่',
    noCategory: 'ไม่มีหมวดหมู่',
    dishes: 'แยกตามเมนู',
    tables: 'แยกตามโต๊ะ',
    table: 'โต๊ะ',
    deliveryTo: 'จัดส่ง',
    pickup: 'รับเองที่ร้าน',
    hours: 'แยกตามชั่วโมง',
  },
} as const;
type Labels = Record<keyof (typeof LABELS)['en'], string>;

/** Labels in the owner's language (English for any other). */
export function zReportLabels(language: string): Labels {
  return (LABELS as Record<string, Labels>)[language] ?? LABELS.en;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

export async function renderZReportPdf(z: ZReport, language = 'en'): Promise<Uint8Array> {
  const L = zReportLabels(language);
  const cur = z.currency.toUpperCase();
  const money = (minor: number) => `${minorToDecimal(minor)} ${cur}`;
  const f = z.figures;
  const methodNames: Record<string, string> = {
    card: L.card,
    cash: L.cash,
    card_terminal: L.card_terminal,
    other: L.other,
  };

  // Every line first: the writer embeds the font subsets they need, then draws.
  const head: { text: string; size: number; weight?: Weight; grey?: boolean; gap: number }[] = [
    { text: z.venue_name, size: 20, weight: 700, gap: 24 },
  ];
  if (z.legal) {
    if (z.legal.name !== z.venue_name) head.push({ text: z.legal.name, size: 10.5, gap: 14 });
    for (const line of z.legal.address.split(/\r?\n/).filter((l) => l.trim()))
      head.push({ text: line.trim(), size: 10.5, gap: 14 });
    if (z.legal.taxId) head.push({ text: `${L.taxId}: ${z.legal.taxId}`, size: 10.5, gap: 14 });
  }
  head[head.length - 1]!.gap += 8;
  head.push(
    { text: fill(L.report, { n: z.number }), size: 16, weight: 700, gap: 20 },
    { text: fill(L.day, { date: z.date, zone: z.timezone }), size: 11, gap: 15 },
    { text: fill(L.span, { from: z.starts_at, to: z.ends_at }), size: 10, grey: true, gap: 14 },
    {
      text: fill(L.closed, { at: z.closed_at }) + (z.closed_by ? fill(L.by, { who: z.closed_by }) : ''),
      size: 10,
      grey: true,
      gap: 18,
    },
  );
  const sections: { title: string; rows: [string, string, boolean?][] }[] = [
    {
      title: L.totals,
      rows: [
        [L.orders, String(f.orders)],
        [L.subtotal, money(f.subtotal)],
        [L.service, money(f.service_charge)],
        [L.delivery, money(f.delivery)],
        [L.gross, money(f.gross), true],
        [L.tax, money(f.tax_total)],
        [L.net, money(f.net), true],
        [L.tips, money(f.tips)],
        [fill(L.refunds, { n: f.refunds.count }), money(f.refunds.amount ? -f.refunds.amount : 0)],
        [L.takings, money(f.takings), true],
      ],
    },
    {
      title: L.taxTitle,
      rows: f.tax.length
        ? f.tax.map((t) => [`${t.name} (${t.percent} %) ${L.on} ${money(t.base)}`, money(t.amount)])
        : [[L.noTax, money(0)]],
    },
    {
      title: L.methods,
      rows: f.by_method.length
        ? f.by_method.map((m) => [`${methodNames[m.method] ?? m.method} (${m.orders})`, money(m.amount + m.tips)])
        : [[L.noSale, money(0)]],
    },
    {
      title: L.categories,
      rows: f.by_category.map((c) => [`${c.name ?? L.noCategory} (${c.quantity})`, money(c.amount)]),
    },
    { title: L.dishes, rows: f.by_product.map((p) => [`${p.quantity} x ${p.name}`, money(p.amount)]) },
    {
      title: L.tables,
      rows: f.by_table.map((t) => [
        !t.delivery && t.spot === PICKUP_SPOT
          ? `${L.pickup} (${t.orders})`
          : `${t.delivery ? L.deliveryTo : L.table} ${t.spot} (${t.orders})`,
        money(t.amount),
      ]),
    },
    {
      title: L.hours,
      rows: f.by_hour
        .filter((x) => x.orders)
        .map((h) => {
          const hh = String(h.hour).padStart(2, '0');
          return [`${hh}:00-${hh}:59 (${h.orders})`, money(h.amount)];
        }),
    },
  ];

  const doc = await createPdfDocument({ title: `Z report ${z.number} - ${z.venue_name} - ${z.date}`, lang: language });
  const w = new PdfWriter(doc, 50);
  await w.prepare([
    ...head.map((h) => h.text),
    ...sections.flatMap((s) => [s.title, ...s.rows.flatMap(([a, b]) => [a, b])]),
  ]);

  for (const h of head) {
    for (const part of w.wrap(h.text, h.size, w.right - w.left, h.weight)) {
      w.ensure(h.gap);
      w.text(part, w.left, h.size, { weight: h.weight, grey: h.grey });
      w.y -= h.gap;
    }
  }
  for (const section of sections) {
    w.ensure(34);
    w.y -= 10;
    w.text(section.title, w.left, 13, { weight: 700 });
    w.y -= 20;
    for (const [label, value, strong] of section.rows) {
      const weight: Weight = strong ? 700 : 400;
      w.ensure(16);
      w.text(w.fit(label, 11, 330, weight), w.left, 11, { weight });
      w.text(value, w.right, 11, { weight, align: 'right' });
      w.y -= 16;
    }
  }
  return doc.save();
}
