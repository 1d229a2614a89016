import type { Language } from '@carte/domain';
import type { ReceiptPaymentMethod } from './receipt-data.ts';

/** The receipt's words in the five interface languages (spec section 9). `{n}`, `{venue}`... are filled in. */
export interface ReceiptStrings {
  title: string;
  receiptNumber: string;
  date: string;
  order: string;
  table: string;
  delivery: string;
  taxId: string;
  subtotal: string;
  serviceCharge: string;
  taxes: string;
  taxAdded: string;
  taxIncluded: string;
  rate: string;
  net: string;
  tax: string;
  deliveryFee: string;
  tip: string;
  total: string;
  paidBy: string;
  methods: Record<ReceiptPaymentMethod, string>;
  creditNote: string;
  refunded: string;
  thanks: string;
  emailSubject: string;
  emailBody: string;
}

export const RECEIPT_STRINGS: Record<Language, ReceiptStrings> = {
  en: {
    title: 'Receipt',
    receiptNumber: 'Receipt no.',
    date: 'Date',
    order: 'Order',
    table: 'Table',
    delivery: 'Delivery',
    taxId: 'Tax number',
    subtotal: 'Subtotal',
    serviceCharge: 'Service charge',
    taxes: 'Taxes',
    taxAdded: 'Taxes added to the prices',
    taxIncluded: 'Prices include taxes',
    rate: 'Rate',
    net: 'Net',
    tax: 'Tax',
    deliveryFee: 'Delivery',
    tip: 'Tip',
    total: 'Total',
    paidBy: 'Paid by',
    methods: { card_online: 'Card (online)', cash: 'Cash', card_terminal: 'Card (terminal)', other: 'Other' },
    creditNote: 'Credit note no. {n}',
    refunded: 'Refunded {amount} on {date}',
    thanks: 'Thank you!',
    emailSubject: 'Your receipt no. {n} from {venue}',
    emailBody: 'Hello,\n\nPlease find attached your receipt no. {n} from {venue}: {total}.\n\nThank you for your visit!',
  },
  fr: {
    title: 'Reçu',
    receiptNumber: 'Reçu n°',
    date: 'Date',
    order: 'Commande',
    table: 'Table',
    delivery: 'Livraison',
    taxId: 'N° de TVA',
    subtotal: 'Sous-total',
    serviceCharge: 'Service',
    taxes: 'Taxes',
    taxAdded: 'Taxes en sus des prix',
    taxIncluded: 'Prix toutes taxes comprises',
    rate: 'Taux',
    net: 'HT',
    tax: 'Taxe',
    deliveryFee: 'Livraison',
    tip: 'Pourboire',
    total: 'Total',
    paidBy: 'Payé par',
    methods: { card_online: 'Carte (en ligne)', cash: 'Espèces', card_terminal: 'Carte (terminal)', other: 'Autre' },
    creditNote: 'Avoir n° {n}',
    refunded: 'Remboursé {amount} le {date}',
    thanks: 'Merci !',
    emailSubject: 'Votre reçu n° {n} de {venue}',
    emailBody: 'Bonjour,\n\nVous trouverez ci-joint votre reçu n° {n} de {venue} : {total}.\n\nMerci de votre visite !',
  },
  it: {
    title: 'Ricevuta',
    receiptNumber: 'Ricevuta n.',
    date: 'Data',
    order: 'Ordine',
    table: 'Tavolo',
    delivery: 'Consegna',
    taxId: 'Partita IVA',
    subtotal: 'Subtotale',
    serviceCharge: 'Servizio',
    taxes: 'Imposte',
    taxAdded: 'Imposte escluse dai prezzi',
    taxIncluded: 'Prezzi comprensivi di imposte',
    rate: 'Aliquota',
    net: 'Imponibile',
    tax: 'Imposta',
    deliveryFee: 'Consegna',
    tip: 'Mancia',
    total: 'Totale',
    paidBy: 'Pagato con',
    methods: { card_online: 'Carta (online)', cash: 'Contanti', card_terminal: 'Carta (POS)', other: 'Altro' },
    creditNote: 'Nota di credito n. {n}',
    refunded: 'Rimborsato {amount} il {date}',
    thanks: 'Grazie!',
    emailSubject: 'La tua ricevuta n. {n} di {venue}',
    emailBody: 'Buongiorno,\n\nin allegato la ricevuta n. {n} di {venue}: {total}.\n\nGrazie della visita!',
  },
  de: {
    title: 'Quittung',
    receiptNumber: 'Beleg-Nr.',
    date: 'Datum',
    order: 'Bestellung',
    table: 'Tisch',
    delivery: 'Lieferung',
    taxId: 'Steuernummer',
    subtotal: 'Zwischensumme',
    serviceCharge: 'Servicegebühr',
    taxes: 'Steuern',
    taxAdded: 'Preise zuzüglich Steuern',
    taxIncluded: 'Preise inklusive Steuern',
    rate: 'Satz',
    net: 'Netto',
    tax: 'Steuer',
    deliveryFee: 'Lieferung',
    tip: 'Trinkgeld',
    total: 'Gesamt',
    paidBy: 'Bezahlt mit',
    methods: { card_online: 'Karte (online)', cash: 'Bar', card_terminal: 'Karte (Terminal)', other: 'Sonstiges' },
    creditNote: 'Gutschrift Nr. {n}',
    refunded: 'Erstattet {amount} am {date}',
    thanks: 'Vielen Dank!',
    emailSubject: 'Ihre Quittung Nr. {n} von {venue}',
    emailBody: 'Guten Tag,\n\nanbei Ihre Quittung Nr. {n} von {venue}: {total}.\n\nVielen Dank für Ihren Besuch!',
  },
  th: {
    title: 'ใบเสร็จรับเงิน',
    receiptNumber: 'เลขที่ใบเสร็จ',
    date: 'วันที่',
    order: 'คำสั่งซื้อ',
    table: 'โต๊ะ',
    delivery: 'จัดส่ง',
    taxId: 'เลขประจำตัวผู้เสียภาษี',
    subtotal: 'ยอดรวมย่อย',
    serviceCharge: 'ค่าบริการ',
    taxes: 'ภาษี',
    taxAdded: 'ราคายังไม่รวมภาษี',
    taxIncluded: 'ราคารวมภาษีแล้ว',
    rate: 'อัตรา',
    net: 'มูลค่าก่อนภาษี',
    tax: 'ภาษี',
    deliveryFee: 'ค่าจัดส่ง',
    tip: 'ทิป',
    total: 'ยอดรวม',
    paidBy: 'ชำระโดย',
    methods: { card_online: 'บัตร (ออนไลน์)', cash: 'เงินสด', card_terminal: 'บัตร (เครื่องรูดบัตร)', other: 'อื่น ๆ' },
    creditNote: 'ใบลดหนี้เลขที่ {n}',
    refunded: 'คืนเงิน {amount} เมื่อ {date}',
    thanks: 'ขอบคุณ',
    emailSubject: 'ใบเสร็จเลขที่ {n} จาก {venue}',
    emailBody: 'สวัสดี\n\nแนบใบเสร็จเลขที่ {n} จาก {venue}: {total}\n\nขอบคุณที่มาใช้บริการ',
  },
};

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
