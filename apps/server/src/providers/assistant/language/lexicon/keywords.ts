/**
 * Keywords: words that signal an intent or a modifier (kw:<name>, is:<concept>).
 * Data in the lexicon format (see ../lexicon.ts): `[tags, "word, word, ..."]`, the words in any of
 * the five languages, matched after folding and stemming (../tokens.ts).
 */
import type { LexiconEntry } from '../lexicon.ts';
import { fold, type Lang } from '../tokens.ts';
import { DIET } from './diet.ts';
import { ALLERGY_CUES } from '../vocabulary.ts';

/**
 * An entry's words with the safety reader's cues added (one allergy vocabulary: what makes the
 * gate keep to an allergy also makes the engine filter its answer), those the entry lacks.
 */
function withCues(words: string, cues: Record<Lang, string[]>): string {
  // A diet's own word ("celiaco", "Zöliakie") stays the diet's: the engine reads it as gluten-free.
  const have = new Set([words, ...DIET.map(([, w]) => w)].flatMap((w) => w.split(/,\s*/)).map(fold));
  const more = Object.values(cues)
    .flat()
    .map((w) => w.replace(/'/g, ' '))
    .filter((w) => !have.has(fold(w)));
  return [words, ...new Set(more)].join(', ');
}

export const KEYWORDS: LexiconEntry[] = [
  [
    'kw:greet',
    'hi, hello, hey, hiya, good morning, good evening, good afternoon, bonjour, bonsoir, salut, coucou, ciao, buongiorno, buonasera, salve, hallo, guten tag, guten abend, guten morgen, servus, moin, grüß gott, สวัสดี, หวัดดี',
  ],
  [
    'kw:help',
    'comment ça marche, comment ca marche, comment ça fonctionne, come funziona, wie funktioniert das, wie funktioniert es, ใช้งานยังไง, ใช้ยังไง, help, what can you do, how does this work, how does it work, aide, aidez, aider, que pouvez vous faire, tu peux faire quoi, aiuto, aiutami, cosa puoi fare, cosa sai fare, hilfe, hilf, was kannst du, ช่วย, ช่วยด้วย, ทำอะไรได้บ้าง',
  ],
  [
    'kw:thanks',
    'thanks, thank you, thx, cheers, merci, grazie, mille grazie, danke, danke schön, dankeschön, vielen dank, ขอบคุณ, ขอบใจ',
  ],
  ['kw:bye', 'bye, goodbye, au revoir, arrivederci, tschüss, auf wiedersehen, ลาก่อน'],
  ['kw:menu', 'menu, the menu, carte, la carte, il menu, menù, speisekarte, karte, เมนู, รายการอาหาร'],
  [
    'kw:whatyouhave',
    'what s available, what is available, what do you have available, qu est ce qui est disponible, cosa c è di disponibile, was ist verfügbar, was ist heute verfügbar, what do you have, what have you got, what do you serve, what is there, qu avez vous, vous avez quoi, qu est ce que vous avez, cosa avete, che cosa avete, was habt ihr, was gibt es, was haben sie, มีอะไรบ้าง, มีอะไร',
  ],
  [
    'kw:recommend',
    'recommend, recommendation, recommendations, suggest, suggestion, suggestions, what is good, what s good, whats good, best, popular, favourite, favorite, signature, specialty, speciality, house special, must try, conseil, conseillez, conseiller, conseilles, recommandez, recommander, recommandation, suggérez, suggestion, spécialité, le meilleur, populaire, consiglia, consigli, consigliate, consigliare, consigliami, suggerisci, suggerite, suggerimento, specialità, il migliore, empfehlen, empfiehlst, empfehlung, empfehlungen, empfehle, spezialität, was ist gut, beliebt, แนะนำ, เมนูเด็ด, เมนูแนะนำ, ขายดี, อร่อย',
  ],
  [
    'kw:cheapest',
    'cheapest, least expensive, lowest price, cheapest one, most affordable, le moins cher, la moins chère, moins cher, moins chère, le plus économique, il più economico, la più economica, più economico, meno caro, meno cara, il meno caro, am günstigsten, am billigsten, günstigste, günstigstes, billigste, billigstes, preiswerteste, ถูกที่สุด, ราคาถูกที่สุด, ถูกสุด',
  ],
  [
    'kw:expensive',
    'most expensive, priciest, most pricey, le plus cher, la plus chère, plus cher, plus chère, il più caro, la più cara, più caro, più costoso, am teuersten, teuerste, teuerstes, แพงที่สุด, แพงสุด',
  ],
  [
    'kw:price',
    'price, prices, cost, costs, how much, how expensive, prix, combien, coûte, coute, coûtent, tarif, prezzo, prezzi, quanto, costa, costano, preis, preise, kostet, kosten, was kostet, wie viel, wieviel, teuer, ราคา, เท่าไหร่, เท่าไร, กี่บาท',
  ],
  [
    'kw:whatin',
    'what is in, what s in, whats in, what is inside, ingredients, ingredient, made of, made with, composition, what is it, qu y a t il dans, qu est ce qu il y a dans, ingrédients, ingrédient, composé, c est quoi, ingredienti, ingrediente, cosa c è, cosa c e, cos è, che cos è, di cosa è fatto, zutaten, zutat, was ist drin, was ist in, was ist das, woraus, ส่วนผสม, ทำจาก, ใส่อะไร, มีอะไรอยู่, คืออะไร',
  ],
  [
    'kw:contains',
    'contain, contains, containing, have, has, with, got, any, is there, are there, contient, contiennent, il y a, y a t il, avec, contiene, contengono, c è, con, enthält, enthalten, drin, dabei, mit, มี, ใส่, ไหม, มั้ย, หรือเปล่า, หรือไม่',
  ],
  [
    'kw:tell',
    'tell me about, tell me more, describe, more about, info, information, details, parlez moi de, parle moi de, dites moi, décris, raccontami, parlami di, dimmi di, descrivi, erzähl mir, erzähle, beschreib, infos, เล่า, รายละเอียด, บอก',
  ],
  [
    'kw:q',
    'what s, whats, what are, qu est ce que, c est quoi, is, are, does, do, did, can, could, what, which, how, est ce, est ce que, est il, est elle, combien, quel, quelle, quels, quelles, quoi, y a t il, avez vous, quanto, quanta, cosa, quale, quali, ci sono, avete, è, was, wie, welche, welcher, welches, ist, sind, hat, haben sie, gibt es, ไหม, มั้ย, หรือเปล่า, เท่าไหร่, อะไร, ไหน, หรือไม่, ใช่ไหม',
  ],
  [
    'kw:add',
    'could we get, can we get, can we have, could we have, may we have, we d like, we will have, we ll get, let me get, let me have, i need, add, i ll take, i ll have, ill take, ill have, i will take, i will have, i d like, id like, i would like, i want, we want, we ll take, we ll have, we would like, give me, can i have, can i get, could i have, could i get, may i have, get me, bring me, i ll get, order, put, another, one more, ajoute, ajouter, ajoutez, je prends, je vais prendre, on prend, nous prenons, je voudrais, je veux, nous voudrions, on voudrait, donnez moi, donne moi, mettez, mets, commander, commande, encore, prendrei, prendo, prendiamo, vorrei, vorremmo, voglio, aggiungi, aggiungere, aggiungete, metti, ordinare, ordino, portami, portateci, mi porti, un altro, un altra, ancora, ich nehme, ich hätte gern, ich hätte gerne, ich möchte, wir möchten, wir nehmen, ich will, hätte gern, hätte gerne, möchte, nehme, nehmen, füge, hinzufügen, hinzu, bestelle, bestellen, noch ein, noch eine, noch einen, bringen sie, เอา, ขอ, สั่ง, เพิ่ม, รับ, อีก',
  ],
  ['kw:please', 'please, pls, s il vous plaît, s il te plaît, svp, stp, per favore, per piacere, bitte, กรุณา'],
  [
    'kw:remove',
    'less, en moins, de moins, in meno, weniger, ลดลง, toglilo, toglila, toglili, toglile, toglielo, levalo, levala, enlevez le, enlevez la, enlève le, enlève la, enlevez les, retirez le, retirez la, rausnehmen, herausnehmen, wegnehmen, rausmachen, streicht, remove, delete, take off, take out, cancel, drop, get rid of, don t want, dont want, no longer want, enlève, enlever, enlevez, retire, retirer, retirez, supprime, supprimer, supprimez, annule, annuler, annulez, ôte, ôter, togli, togliere, togliete, rimuovi, rimuovere, elimina, eliminare, cancella, cancellare, annulla, non voglio più, entferne, entfernen, entfernt, lösche, löschen, streiche, streichen, nimm raus, raus, storniere, stornieren, ลบ, เอาออก, ยกเลิก, ไม่เอา, ไม่เอาแล้ว, ถอน',
  ],
  ['kw:something', 'something, anything, quelque chose, qqch, qualcosa, etwas, irgendwas, อะไรสักอย่าง'],
  [
    'kw:show',
    'show, show me, see, let me see, look at, voir, montrez, montre, montrez moi, vedere, mostra, mostrami, fammi vedere, zeigen, zeig, zeigen sie, sehen, ดู, ขอดู',
  ],
  // The particle of a removal said apart from its verb: "take the beers off", "nimm das Bier weg", "เอาเบียร์ออก".
  ['kw:off', 'off, out of my order, out of the order, weg, raus, via, ออก'],
  ['kw:off kw:cart', 'du panier, de la commande, dal carrello, dall ordine, aus dem warenkorb, aus der bestellung'],
  ['kw:clearverb', 'empty, clear, vide, vider, videz, svuota, svuotare, svuotate, leere, leeren, ล้าง'],
  ['kw:all', 'everything, all of it, all, tout, toute, tous, tutto, tutti, alles, ทั้งหมด'],
  [
    'kw:change',
    'actually, finally, finalement, en fait, alla fine, in realtà, anzi, eigentlich, doch lieber, change, make it, make that, instead, instead of, only, just, update, set, modifie, modifier, changez, change, plutôt, au lieu de, seulement, juste, mettez en, cambia, cambiare, modifica, invece, invece di, solo, soltanto, ändere, ändern, änderung, stattdessen, nur, statt, mach, machen, เปลี่ยน, แก้, แก้เป็น, เปลี่ยนเป็น, แค่, เหลือ',
  ],
  [
    'kw:cart',
    'cart, basket, my order, my cart, our order, in our order, our cart, our basket, our bill, notre commande, nos commandes, dans notre commande, nostro ordine, nel nostro ordine, il nostro ordine, unsere bestellung, in unserer bestellung, ออเดอร์ของเรา, รายการของเรา, the order, what did i order, what have i ordered, what i ordered, in my cart, panier, mon panier, ma commande, qu est ce que j ai commandé, carrello, il mio carrello, il mio ordine, cosa ho ordinato, warenkorb, korb, meine bestellung, was habe ich bestellt, bestellung, ตะกร้า, รายการที่สั่ง, สั่งอะไรไปแล้ว, สั่งอะไรไป, ออเดอร์',
  ],
  [
    'kw:total',
    'altogether, all together, in total, en tout, au total, in tutto, in totale, zusammen, alles zusammen, รวมเท่าไหร่, รวมทั้งหมด, total, the total, bill, the bill, check, sum, how much do i owe, how much is it all, how much in total, addition, l addition, montant, somme, totale, il totale, conto, il conto, summe, gesamt, insgesamt, gesamtbetrag, rechnung, die rechnung, ทั้งหมด, รวม, ยอดรวม, เช็คบิล, ทั้งหมดเท่าไหร่, owe, owe you, do we owe, how much do we owe, what do we owe, what do i owe, the damage, so far in total, la note, quanto fa, quanto viene, quanto ti devo, quanto le devo, quanto dobbiamo, il totale, was macht das, was schulden wir, was bekommen sie, was kostet alles, ยอด, ยอดทั้งหมด, รวมกี่บาท, ทั้งหมดกี่บาท',
  ],
  [
    'kw:checkout',
    'we re done, we are done, i m done, i am done, done ordering, c est bon, c est tout bon, on a fini, nous avons fini, j ai fini, abbiamo finito, ho finito, finito, wir sind fertig, ich bin fertig, fertig, เสร็จแล้ว, ready to order, i m ready, im ready, we re ready, we are ready, i am ready, checkout, check out, place the order, place my order, place order, send the order, confirm the order, confirm my order, confirm, that s all, thats all, that is all, pay, finish, done, je suis prêt, je suis prête, nous sommes prêts, on est prêts, prêt à commander, valider, valider la commande, passer la commande, passer commande, confirmer, c est tout, payer, sono pronto, sono pronta, siamo pronti, pronto per ordinare, conferma, confermare, confermo, procedi, è tutto, pagare, ich bin bereit, wir sind bereit, bereit zu bestellen, bestellung abschicken, abschicken, bestätigen, das wäre alles, das ist alles, bezahlen, zahlen, wir möchten zahlen, zur kasse, kasse, พร้อมสั่ง, พร้อมแล้ว, ยืนยัน, สั่งเลย, ชำระเงิน, จ่ายเงิน, แค่นี้, that s everything, that is everything, that ll do, that will do, ça ira, ca ira, ça ira comme ça, va bene così, va bene cosi, das reicht, das reicht erstmal, ไม่เอาอะไรแล้ว, ไม่เอาอะไรเพิ่มแล้ว, thats everything, that s it, thats it, that is it, that s all for now, that will be all, that ll be all, that s all for us, nothing else, nothing more, we re good, we are good, we re all set, all set, send it, send the order, ce sera tout, ça sera tout, ca sera tout, rien d autre, c est bon pour nous, on est bon, on peut commander, nous pouvons commander, envoyez la commande, envoyer la commande, basta così, basta cosi, nient altro, niente altro, possiamo ordinare, a posto così, a posto cosi, è tutto per noi, das wäre es, das war s, das war alles, mehr nicht, sonst nichts, nichts weiter, nichts mehr, wir können bestellen, wir möchten bestellen, เท่านี้, เท่านี้ก่อน, แค่นี้ก่อน, แค่นี้แหละ, พอแล้ว, ครบแล้ว, สั่งได้เลย, ส่งออเดอร์, ยืนยันออเดอร์',
  ],
  [
    'kw:without',
    'isn t, aren t, is not, are not, n est pas, ne sont pas, non è, non sono, ist nicht, sind nicht, don t like, do not like, don t eat, do not eat, can t eat, cannot eat, can t have, avoid, je n aime pas, je ne mange pas, je ne supporte pas, non mangio, non mi piace, non posso mangiare, evito, ich esse kein, ich esse keine, ich mag kein, ich mag keine, vertrage kein, vertrage keine, ไม่กิน, ไม่ทาน, ไม่ชอบ, without, no, not, free of, none, sans, pas de, pas d, aucun, aucune, senza, niente, no, non, ohne, kein, keine, keinen, keiner, nicht, ไม่ใส่, ไม่มี, ไม่เอา, ไม่, งด',
  ],
  [
    'kw:allergic',
    withCues(
      'allergic, allergy, allergies, intolerant, intolerance, allergique, allergie, intolérant, intolérance, allergico, allergica, allergia, intollerante, intolleranza, allergisch, allergie, unverträglichkeit, intoleranz, unverträglich, vertrage ich nicht, vertrag ich nicht, verträgt er nicht, verträgt sie nicht, je ne supporte pas, non tollero, can t tolerate, แพ้',
      ALLERGY_CUES,
    ),
  ],
  ['kw:free', 'free, frei, freie, freies, ปลอด'],
  [
    'kw:under',
    'under, below, less than, max, maximum, at most, up to, cheaper than, no more than, within, budget, moins de, en dessous de, au maximum, maximum, max, jusqu à, pas plus de, sous, moins que, meno di, sotto, sotto i, al massimo, massimo, fino a, entro, non più di, unter, weniger als, höchstens, maximal, bis, bis zu, nicht mehr als, billiger als, ไม่เกิน, ต่ำกว่า, น้อยกว่า, ถูกกว่า, งบ',
  ],
  [
    'kw:over',
    'over, more than, above, at least, plus de, au moins, più di, almeno, über, mehr als, mindestens, มากกว่า, เกิน, ขึ้นไป',
  ],
  [
    'kw:ref',
    'it, that, this, this one, that one, them, these, those, le, la, les, ça, ca, celui, celle, celui ci, celui là, ceux, lo, gli, quello, quella, questo, questa, questi, quelli, es, das, den, die, ihn, diese, dieses, diesen, davon, อันนี้, อันนั้น, นี้, นั้น, จานนี้, เมนูนี้',
  ],
  [
    'kw:which',
    'which, which ones, which of, lesquels, lesquelles, lequel, laquelle, quali, quale, welche, welcher, welches, อันไหน, อะไรบ้าง',
  ],
  ['kw:conj', 'and, plus, et, e, ed, poi, und, sowie, และ, กับ, +, &'],
  ['kw:or', 'or, ou, o, oppure, oder, หรือ'],
  // "8 dollars or less": a price limit said after the amount.
  [
    'kw:orless',
    'or less, or under, or below, ou moins, au plus, o meno, al massimo, oder weniger, höchstens, หรือน้อยกว่า, ไม่เกินนั้น',
  ],
  // "sans oeufs ni soja": the negation carries on.
  ['kw:nor', 'nor, or any, ni, né, weder, ไม่ทั้ง'],
  ['kw:with', 'with, avec, con, mit, ใส่, แบบ'],
  [
    'kw:have',
    'do you have, have you got, is there, are there, vous avez, avez vous, est ce que vous avez, il y a, avete, c è, ci sono, habt ihr, haben sie, gibt es, มี, มีไหม',
  ],
  ['kw:only', 'only, just, seulement, uniquement, juste, solo, soltanto, nur, แค่, เท่านั้น'],
  // Past orders and "so far": cart questions without the word "cart" ("what did we order so far?").
  [
    'kw:ordered',
    'ordered, we ordered, i ordered, have we ordered, have i ordered, did we order, did i order, did we get, have we had, j ai commandé, on a commandé, j ai déjà commandé, on a déjà commandé, nous avons déjà commandé, ai déjà commandé, a déjà commandé, ai déjà pris, a déjà pris, avons déjà pris, ho già ordinato, abbiamo già ordinato, ho già preso, abbiamo già preso, nous avons commandé, avons commandé, ai commandé, a commandé, j ai pris, on a pris, nous avons pris, avons pris, ordinato, ordinata, ordinati, ordinate, ho preso, abbiamo preso, abbiamo ordinato, ho ordinato, bestellt, genommen, schon bestellt, สั่งไป, สั่งไปแล้ว, สั่งแล้ว, ที่สั่ง',
  ],
  [
    'kw:sofar',
    'so far, until now, up to now, till now, for now, yet, already, by now, jusqu ici, jusqu à présent, pour l instant, pour le moment, déjà, finora, fino ad ora, fino adesso, fin qui, per ora, per adesso, già, bis jetzt, bisher, schon, momentan, derzeit, ถึงตอนนี้, จนถึงตอนนี้, ตอนนี้, ไปแล้ว',
  ],
  [
    'kw:possess',
    'have we got, have we, have i got, we have, we ve got, we got, i have, i ve got, avons nous, on a, j ai, nous avons, abbiamo, ho, haben wir, habe ich, wir haben, ich habe, hab ich, haben, habe, hab, เรามี, มีอะไรแล้ว',
  ],
  // A correction inside one message: "2 margheritas, one large... actually make both large".
  [
    'kw:correct',
    'actually, no wait, wait, sorry, i mean, or rather, rather, en fait, finalement, plutôt, enfin, non attendez, pardon, anzi, in realtà, alla fine, cioè, scusa, scusi, eigentlich, doch lieber, nein warte, warte, sorry, äh nein, เอ้ย, ไม่ใช่, เปลี่ยนใจ',
  ],
  [
    'kw:both',
    'both, both of them, all of them, each, les deux, tous les deux, toutes les deux, chacun, chacune, entrambi, entrambe, tutti e due, tutte e due, tutte e 2, beide, beiden, alle beide, jeweils, ทั้งสอง, ทั้งคู่, ทั้งสองอัน, ทั้งสองจาน',
  ],
  ['kw:question', '?'],
  // Changing how a dish is made, or its price: nothing the guest assistant can do (said, nothing added).
  [
    'kw:swap',
    'swap, substitute, replace, exchange, switch, discount, for free, échanger, échangez, remplacer, remplacez, remplace, réduction, remise, gratuit, gratuits, gratuite, sostituire, sostituisci, sostituite, scambiare, cambiare con, sconto, gratis, tauschen, tausche, austauschen, ersetzen, ersetze, ersetzt, rabatt, umsonst, kostenlos, สลับ, แทนที่, ส่วนลด, ลดราคา, ฟรี',
  ],
  ['kw:orderverb kw:add', 'order, to order, commander, ordinare, ordinazione, bestellen, สั่ง, สั่งอาหาร'],
];
