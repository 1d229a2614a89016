/**
 * What the assistant says about the guest's table (issue 20 item 4), in en, fr, it, de and th (data
 * only). Placeholders in braces are filled by `sayTable`; dish names are the menu's own.
 */
import type { Lang } from '../language/tokens.ts';

type Sentences = Record<
  | 'orderedIntro'
  | 'round'
  | 'nothingSent'
  | 'inCart'
  | 'billSoFar'
  | 'bill'
  | 'billHeld'
  | 'billPaid'
  | 'youPaid'
  | 'youHold'
  | 'eachEqual'
  | 'eachRange'
  | 'howToPay'
  | 'nothingToPay'
  | 'repeatAdded'
  | 'repeatSend'
  | 'repeatNothing'
  | 'repeatNoDrinks'
  | 'repeatGone',
  string
>;

const en: Sentences = {
  orderedIntro: 'Here is what table {spot} has ordered so far:',
  round: 'Round {n}',
  nothingSent: 'Nothing has been sent to the kitchen for table {spot} yet.',
  inCart: 'In the table’s cart, not sent yet:',
  billSoFar: 'The bill so far: {total}.',
  bill: 'The table’s bill is {total}: {paid} paid, {remaining} left to pay.',
  billHeld: '{held} is being paid right now.',
  billPaid: 'The table’s bill of {total} is paid. Thank you!',
  youPaid: 'You have paid {amount}.',
  youHold: 'Your payment of {amount} is on its way.',
  eachEqual: 'Split equally between the {count} of you, that is {amount} each.',
  eachRange: 'Split equally between the {count} of you, that is {min} to {max} each.',
  howToPay: 'To pay your part, open the table’s bill: by the dishes you had, in equal shares, or an amount.',
  nothingToPay: 'Nothing has been ordered at table {spot} yet, so there is nothing to pay.',
  repeatAdded: 'The same again, in your cart:',
  repeatSend: 'Share it with the table’s cart and send it to the kitchen when everyone is ready.',
  repeatNothing: 'The table has not sent a round to the kitchen yet, so there is nothing to repeat.',
  repeatNoDrinks: 'The table has not ordered any drinks yet.',
  repeatGone: 'No longer on the menu: {names}.',
};

const fr: Sentences = {
  orderedIntro: 'Voici ce que la table {spot} a commandé jusqu’ici :',
  round: 'Tournée {n}',
  nothingSent: 'Rien n’a encore été envoyé en cuisine pour la table {spot}.',
  inCart: 'Dans le panier de la table, pas encore envoyé :',
  billSoFar: 'L’addition pour l’instant : {total}.',
  bill: 'L’addition de la table est de {total} : {paid} payés, {remaining} restent à payer.',
  billHeld: '{held} est en cours de paiement.',
  billPaid: 'L’addition de la table ({total}) est réglée. Merci !',
  youPaid: 'Vous avez payé {amount}.',
  youHold: 'Votre paiement de {amount} est en cours.',
  eachEqual: 'Partagée à parts égales entre vous {count}, cela fait {amount} chacun.',
  eachRange: 'Partagée à parts égales entre vous {count}, cela fait de {min} à {max} chacun.',
  howToPay: 'Pour payer votre part, ouvrez l’addition de la table : selon vos plats, à parts égales ou un montant.',
  nothingToPay: 'Rien n’a encore été commandé à la table {spot} : il n’y a rien à payer.',
  repeatAdded: 'La même chose, dans votre panier :',
  repeatSend: 'Partagez-le avec le panier de la table et envoyez-le en cuisine quand tout le monde est prêt.',
  repeatNothing: 'La table n’a encore envoyé aucune tournée en cuisine : il n’y a rien à reprendre.',
  repeatNoDrinks: 'La table n’a encore commandé aucune boisson.',
  repeatGone: 'Plus à la carte : {names}.',
};

const it: Sentences = {
  orderedIntro: 'Ecco cosa ha ordinato finora il tavolo {spot}:',
  round: 'Giro {n}',
  nothingSent: 'Per il tavolo {spot} non è ancora stato mandato niente in cucina.',
  inCart: 'Nel carrello del tavolo, non ancora mandato:',
  billSoFar: 'Il conto finora: {total}.',
  bill: 'Il conto del tavolo è {total}: {paid} pagati, {remaining} da pagare.',
  billHeld: '{held} è in pagamento proprio ora.',
  billPaid: 'Il conto del tavolo ({total}) è pagato. Grazie!',
  youPaid: 'Hai pagato {amount}.',
  youHold: 'Il tuo pagamento di {amount} è in corso.',
  eachEqual: 'Diviso in parti uguali fra voi {count}, fa {amount} a testa.',
  eachRange: 'Diviso in parti uguali fra voi {count}, fa da {min} a {max} a testa.',
  howToPay:
    'Per pagare la tua parte apri il conto del tavolo: per i piatti che hai preso, in parti uguali o un importo.',
  nothingToPay: 'Al tavolo {spot} non è ancora stato ordinato niente: non c’è niente da pagare.',
  repeatAdded: 'Lo stesso di prima, nel tuo carrello:',
  repeatSend: 'Condividilo con il carrello del tavolo e mandalo in cucina quando tutti sono pronti.',
  repeatNothing: 'Il tavolo non ha ancora mandato nessun giro in cucina: non c’è niente da ripetere.',
  repeatNoDrinks: 'Il tavolo non ha ancora ordinato bevande.',
  repeatGone: 'Non più nel menu: {names}.',
};

const de: Sentences = {
  orderedIntro: 'Das hat Tisch {spot} bisher bestellt:',
  round: 'Runde {n}',
  nothingSent: 'Für Tisch {spot} ist noch nichts an die Küche gegangen.',
  inCart: 'Im Warenkorb des Tisches, noch nicht geschickt:',
  billSoFar: 'Die Rechnung bisher: {total}.',
  bill: 'Die Rechnung des Tisches beträgt {total}: {paid} bezahlt, {remaining} noch offen.',
  billHeld: '{held} wird gerade bezahlt.',
  billPaid: 'Die Rechnung des Tisches über {total} ist bezahlt. Danke!',
  youPaid: 'Du hast {amount} bezahlt.',
  youHold: 'Deine Zahlung über {amount} läuft.',
  eachEqual: 'Zu gleichen Teilen unter euch {count} sind das {amount} pro Person.',
  eachRange: 'Zu gleichen Teilen unter euch {count} sind das {min} bis {max} pro Person.',
  howToPay:
    'Um deinen Teil zu bezahlen, öffne die Rechnung des Tisches: nach deinen Gerichten, zu gleichen Teilen oder als Betrag.',
  nothingToPay: 'An Tisch {spot} wurde noch nichts bestellt, es gibt nichts zu bezahlen.',
  repeatAdded: 'Das Gleiche nochmal, in deinem Warenkorb:',
  repeatSend: 'Teile es mit dem Warenkorb des Tisches und schick es an die Küche, wenn alle so weit sind.',
  repeatNothing: 'Der Tisch hat noch keine Runde an die Küche geschickt, es gibt nichts zu wiederholen.',
  repeatNoDrinks: 'Der Tisch hat noch keine Getränke bestellt.',
  repeatGone: 'Nicht mehr auf der Karte: {names}.',
};

const th: Sentences = {
  orderedIntro: 'รายการที่โต๊ะ {spot} สั่งไปแล้ว:',
  round: 'รอบที่ {n}',
  nothingSent: 'ยังไม่มีรายการของโต๊ะ {spot} ส่งเข้าครัว',
  inCart: 'ในตะกร้าของโต๊ะ ยังไม่ได้ส่ง:',
  billSoFar: 'ยอดบิลตอนนี้: {total}',
  bill: 'บิลของโต๊ะ {total}: จ่ายแล้ว {paid} เหลือต้องจ่าย {remaining}',
  billHeld: 'กำลังชำระอยู่ {held}',
  billPaid: 'บิลของโต๊ะ {total} ชำระครบแล้ว ขอบคุณค่ะ',
  youPaid: 'คุณจ่ายไปแล้ว {amount}',
  youHold: 'การชำระเงิน {amount} ของคุณกำลังดำเนินการ',
  eachEqual: 'หารเท่ากัน {count} คน คนละ {amount}',
  eachRange: 'หารเท่ากัน {count} คน คนละ {min} ถึง {max}',
  howToPay: 'จ่ายส่วนของคุณได้ที่บิลของโต๊ะ: ตามรายการที่คุณทาน หารเท่ากัน หรือระบุจำนวนเงิน',
  nothingToPay: 'ยังไม่มีการสั่งอาหารที่โต๊ะ {spot} จึงยังไม่มียอดที่ต้องจ่าย',
  repeatAdded: 'เพิ่มรายการเหมือนเดิมลงในตะกร้าของคุณแล้ว:',
  repeatSend: 'แชร์ไปยังตะกร้าของโต๊ะ แล้วส่งเข้าครัวเมื่อทุกคนพร้อม',
  repeatNothing: 'โต๊ะยังไม่ได้ส่งรายการเข้าครัว จึงยังไม่มีรอบให้สั่งซ้ำ',
  repeatNoDrinks: 'โต๊ะยังไม่ได้สั่งเครื่องดื่ม',
  repeatGone: 'ไม่มีในเมนูแล้ว: {names}',
};

export const TABLE_SENTENCES: Record<Lang, Sentences> = { en, fr, it, de, th };

/** A sentence with its placeholders filled. */
export function sayTable(lang: Lang, key: keyof Sentences, values: Record<string, string> = {}): string {
  return TABLE_SENTENCES[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
