/**
 * What the safety gate and the venue answers say, in en, fr, it, de and th (data only). Placeholders
 * in braces are filled by `say`; names of dishes and options are the menu's own.
 */
import { fill, joinWithAnd, type MessageValues } from '../language/messages.ts';
import type { Lang } from '../language/tokens.ts';

type Sentences = Record<
  | 'leftOut'
  | 'notSuitable'
  | 'notAdded'
  | 'safeOptions'
  | 'alternatives'
  | 'without'
  | 'noAlternatives'
  | 'unknownData'
  | 'reasonAllergen'
  | 'reasonOption'
  | 'reasonDiet'
  | 'reasonDietBroken'
  | 'and'
  | 'added'
  | 'askStaff'
  | 'openUntil'
  | 'openAllDay'
  | 'closedOpensAt'
  | 'closedNoOpening'
  | 'offTopic',
  string
>;

const en: Sentences = {
  leftOut: 'Keeping to what you told me ({constraints}), I left out the dishes that do not suit you.',
  notSuitable: '{name} is not suitable for you: {reasons}.',
  notAdded: 'I have not added {name}: {reasons}.',
  safeOptions: 'With {options} it suits you.',
  without: 'without {list}',
  alternatives: 'These suit what you told me ({constraints}):',
  noAlternatives: 'I cannot find a dish here that I can call safe for you ({constraints}); please ask our staff.',
  unknownData: 'The menu gives no allergen information for {names}: please ask our staff before ordering.',
  reasonAllergen: 'it contains {allergen}',
  reasonOption: 'the option “{option}” contains {allergen}',
  reasonDiet: 'it is not marked {diet}',
  reasonDietBroken: 'it contains {allergen}, so it is not {diet}',
  and: 'and',
  added: 'I have added {items} to your cart.',
  askStaff: 'I cannot answer that from the menu; please ask our staff, they will be happy to help.',
  openUntil: 'We are open now and take orders until {time}.',
  openAllDay: 'We are open now.',
  closedOpensAt: 'We are closed at the moment; we open again on {when}.',
  closedNoOpening: 'We are closed at the moment; please ask our staff when we open again.',
  offTopic: 'Sorry, I can only help with our menu and your order.',
};

const fr: Sentences = {
  leftOut: 'Selon ce que vous m’avez dit ({constraints}), j’ai écarté les plats qui ne vous conviennent pas.',
  notSuitable: '{name} ne vous convient pas : {reasons}.',
  notAdded: 'Je n’ai pas ajouté {name} : {reasons}.',
  safeOptions: 'Avec {options}, il vous convient.',
  without: 'sans {list}',
  alternatives: 'Ceux-ci conviennent ({constraints}) :',
  noAlternatives:
    'Je ne trouve ici aucun plat que je puisse dire sûr ({constraints}) ; merci de demander à notre personnel.',
  unknownData:
    'La carte n’indique pas les allergènes de {names} : merci de demander à notre personnel avant de commander.',
  reasonAllergen: 'il contient {allergen}',
  reasonOption: 'l’option « {option} » contient {allergen}',
  reasonDiet: 'il n’est pas indiqué {diet}',
  reasonDietBroken: 'il contient {allergen}, il n’est donc pas {diet}',
  and: 'et',
  added: 'J’ai ajouté {items} à votre panier.',
  askStaff:
    'Je ne peux pas répondre à cela avec la carte ; merci de demander à notre personnel, il vous aidera volontiers.',
  openUntil: 'Nous sommes ouverts et prenons les commandes jusqu’à {time}.',
  openAllDay: 'Nous sommes ouverts.',
  closedOpensAt: 'Nous sommes fermés pour le moment ; nous rouvrons le {when}.',
  closedNoOpening: 'Nous sommes fermés pour le moment ; merci de demander à notre personnel quand nous rouvrons.',
  offTopic: 'Désolé, je ne peux vous aider que pour la carte et votre commande.',
};

const it: Sentences = {
  leftOut: 'Secondo quanto mi ha detto ({constraints}), ho escluso i piatti non adatti a lei.',
  notSuitable: '{name} non è adatto a lei: {reasons}.',
  notAdded: 'Non ho aggiunto {name}: {reasons}.',
  safeOptions: 'Con {options} è adatto a lei.',
  without: 'senza {list}',
  alternatives: 'Questi sono adatti ({constraints}):',
  noAlternatives: 'Non trovo qui un piatto che possa dire sicuro ({constraints}); chieda al nostro personale.',
  unknownData: 'Il menu non indica gli allergeni di {names}: chieda al nostro personale prima di ordinare.',
  reasonAllergen: 'contiene {allergen}',
  reasonOption: 'l’opzione «{option}» contiene {allergen}',
  reasonDiet: 'non è indicato come {diet}',
  reasonDietBroken: 'contiene {allergen}, quindi non è {diet}',
  and: 'e',
  added: 'Ho aggiunto {items} al suo carrello.',
  askStaff: 'Non posso rispondere a questo con il menu; chieda al nostro personale, sarà felice di aiutarla.',
  openUntil: 'Siamo aperti e prendiamo ordini fino alle {time}.',
  openAllDay: 'Siamo aperti.',
  closedOpensAt: 'Al momento siamo chiusi; riapriamo {when}.',
  closedNoOpening: 'Al momento siamo chiusi; chieda al nostro personale quando riapriamo.',
  offTopic: 'Mi dispiace, posso aiutarla solo con il menu e il suo ordine.',
};

const de: Sentences = {
  leftOut: 'Nach dem, was Sie mir gesagt haben ({constraints}), habe ich die Gerichte weggelassen, die nicht passen.',
  notSuitable: '{name} ist für Sie nicht geeignet: {reasons}.',
  notAdded: 'Ich habe {name} nicht hinzugefügt: {reasons}.',
  safeOptions: 'Mit {options} ist es für Sie geeignet.',
  without: 'ohne {list}',
  alternatives: 'Diese passen ({constraints}):',
  noAlternatives:
    'Ich finde hier kein Gericht, das ich als sicher bezeichnen kann ({constraints}); bitte fragen Sie unser Personal.',
  unknownData: 'Die Karte nennt keine Allergene für {names}: bitte fragen Sie vor der Bestellung unser Personal.',
  reasonAllergen: 'es enthält {allergen}',
  reasonOption: 'die Option „{option}“ enthält {allergen}',
  reasonDiet: 'es ist nicht als {diet} gekennzeichnet',
  reasonDietBroken: 'es enthält {allergen} und ist daher nicht {diet}',
  and: 'und',
  added: 'Ich habe {items} in Ihren Warenkorb gelegt.',
  askStaff: 'Das kann ich anhand der Karte nicht beantworten; bitte fragen Sie unser Personal, es hilft Ihnen gern.',
  openUntil: 'Wir haben geöffnet und nehmen Bestellungen bis {time} an.',
  openAllDay: 'Wir haben geöffnet.',
  closedOpensAt: 'Wir haben gerade geschlossen; wir öffnen wieder am {when}.',
  closedNoOpening: 'Wir haben gerade geschlossen; bitte fragen Sie unser Personal, wann wir wieder öffnen.',
  offTopic: 'Entschuldigung, ich kann nur bei unserer Karte und Ihrer Bestellung helfen.',
};

const th: Sentences = {
  leftOut: 'ตามที่คุณแจ้งไว้ ({constraints}) ฉันได้ตัดเมนูที่ไม่เหมาะกับคุณออกแล้ว',
  notSuitable: '{name} ไม่เหมาะกับคุณ: {reasons}',
  notAdded: 'ฉันไม่ได้เพิ่ม {name}: {reasons}',
  safeOptions: 'ถ้าเลือก {options} จะเหมาะกับคุณ',
  without: 'ไม่มี{list}',
  alternatives: 'เมนูเหล่านี้เหมาะกับคุณ ({constraints}):',
  noAlternatives: 'ฉันไม่พบเมนูที่บอกได้ว่าปลอดภัยสำหรับคุณ ({constraints}) กรุณาสอบถามพนักงานของเรา',
  unknownData: 'เมนูไม่ได้ระบุสารก่อภูมิแพ้ของ {names} กรุณาสอบถามพนักงานก่อนสั่ง',
  reasonAllergen: 'มี{allergen}',
  reasonOption: 'ตัวเลือก “{option}” มี{allergen}',
  reasonDiet: 'ไม่ได้ระบุว่าเป็น{diet}',
  reasonDietBroken: 'มี{allergen} จึงไม่ใช่{diet}',
  and: 'และ',
  added: 'เพิ่ม {items} ลงในตะกร้าแล้ว',
  askStaff: 'ฉันตอบเรื่องนี้จากเมนูไม่ได้ กรุณาสอบถามพนักงานของเรา ยินดีช่วยเหลือค่ะ',
  openUntil: 'ตอนนี้ร้านเปิดอยู่ รับออร์เดอร์ถึง {time}',
  openAllDay: 'ตอนนี้ร้านเปิดอยู่',
  closedOpensAt: 'ตอนนี้ร้านปิดแล้ว จะเปิดอีกครั้ง {when}',
  closedNoOpening: 'ตอนนี้ร้านปิดแล้ว กรุณาสอบถามพนักงานว่าจะเปิดอีกเมื่อไร',
  offTopic: 'ขออภัย ฉันช่วยได้เฉพาะเรื่องเมนูและการสั่งอาหารเท่านั้น',
};

export const SENTENCES: Record<Lang, Sentences> = { en, fr, it, de, th };

// The allergen and diet names live in the domain: the kitchen ticket prints the same words.
export { ALLERGEN_NAMES, DIET_NAMES } from '@carte/domain';

/** A sentence with its placeholders filled. */
export function say(lang: Lang, key: keyof Sentences, values: MessageValues = {}): string {
  return fill(SENTENCES[lang][key], values);
}

/** "a, b and c" in the language. */
export function joinAnd(lang: Lang, items: string[]): string {
  return joinWithAnd(lang, items, SENTENCES[lang].and);
}
