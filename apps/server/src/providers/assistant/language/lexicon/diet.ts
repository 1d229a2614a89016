/**
 * Dietary preferences, allergens and the words around them.
 * Data in the lexicon format (see ../lexicon.ts): `[tags, "word, word, ..."]`, the words in any of
 * the five languages, matched after folding and stemming (../tokens.ts).
 */
import type { LexiconEntry } from '../lexicon.ts';

export const DIET: LexiconEntry[] = [
  [
    'diet:vegan c:vegan',
    'vegan, vegans, végan, végane, végétalien, végétalienne, vegano, vegana, vegani, vegane, veganes, veganer, veganen, วีแกน, เจ',
  ],
  [
    'diet:vegetarian',
    'vegetarian, veggie, végétarien, végétarienne, végétariens, vegetariano, vegetariana, vegetariani, vegetarisch, vegetarische, vegetarisches, vegetarier, มังสวิรัติ, มังสะวิรัติ',
  ],
  [
    'diet:gluten-free c:glutenfree',
    'celiac, coeliac, coeliaque, cœliaque, celiaco, celiaca, zöliakie, zöliakiker, ซีลิแอค, gluten free, gluten-free, glutenfree, sans gluten, senza glutine, glutenfrei, glutenfreie, glutenfreies, ปลอดกลูเตน, ไม่มีกลูเตน',
  ],
  [
    'diet:dairy-free c:dairyfree',
    'dairy free, dairy-free, milk free, sans produits laitiers, sans lait, senza latticini, senza latte, milchfrei, milchfreie, ohne milchprodukte, ไม่มีนม, ไม่ใส่นม',
  ],
  // Lactose is not all of dairy: a lactose-free dish may still list dairy (decision 010).
  [
    'diet:lactose-free c:lactosefree',
    'lactose free, lactose-free, sans lactose, senza lattosio, laktosefrei, laktosefreie, laktosefreies, ohne laktose, ปลอดแลคโตส, ไม่มีแลคโตส',
  ],
  [
    'diet:egg-free c:eggfree',
    'egg free, egg-free, eggless, sans oeuf, sans oeufs, senza uova, eifrei, ohne ei, ohne eier, ไม่มีไข่',
  ],
  [
    'diet:spicyword c:spicy',
    'spiciest, hottest, the spiciest, le plus épicé, le plus piquant, il più piccante, am schärfsten, schärfste, schärfstes, เผ็ดที่สุด, spicy, hot and spicy, épicé, épicée, épicés, pimenté, piquant, piccante, piccanti, scharf, scharfe, scharfes, würzig, เผ็ด, รสจัด',
  ],
  [
    'diet:mild c:mild',
    'mild, not spicy, non spicy, not too spicy, can t handle spicy, can t eat spicy, cannot eat spicy, no spice, pas trop épicé, pas trop piquant, peu épicé, doux, non troppo piccante, nicht zu scharf, wenig scharf, เผ็ดไม่ได้, ไม่กินเผ็ด, ไม่ทานเผ็ด, pas épicé, pas piquant, pas pimenté, doux, non piccante, poco piccante, nicht scharf, ohne schärfe, ไม่เผ็ด, เผ็ดน้อย, ไม่เอาเผ็ด, ไม่ชอบเผ็ด',
  ],
  ['x:peanuts x:tree-nuts', 'nussfrei, nussfreie, nussfreies, nussfreien, nut free, nut-free, peanut free'],
  [
    'alg:milk',
    'dairy, cow s milk, cows milk, cow milk, lait de vache, latte vaccino, kuhmilch, นมวัว, นมวัวและผลิตภัณฑ์นม, นมเนย, milk products, produits laitiers, laitier, latticini, milchprodukte, milchprodukt, ผลิตภัณฑ์นม',
  ],
  ['alg:lactose', 'lactose, lattosio, laktose, แลคโตส'],
  ['alg:mustard', 'mustard, moutarde, senape, senf, มัสตาร์ด'],
  ['alg:celery', 'celery, céleri, sedano, sellerie, ขึ้นฉ่าย'],
  ['alg:sulphites', 'sulphites, sulfites, sulphite, sulfite, solfiti, sulfite, sulfit, sulfite, ซัลไฟต์'],
  [
    'alg:sesame',
    'sesame, sesame seeds, sésame, graines de sésame, sesamo, semi di sesamo, sesam, sesamsamen, tahini, tahina, งา',
  ],
  ['alg:gluten', 'gluten, wheat, blé, glutine, frumento, weizen, กลูเตน, แป้งสาลี'],
  ['alg:eggs', 'egg, eggs, oeuf, oeufs, uovo, uova, ei, eier, ไข่'],
  ['alg:fish', 'fish, poisson, pesce, fisch, ปลา'],
  [
    'alg:peanuts alg:tree-nuts',
    'nut, nuts, noix, fruits à coque, fruits secs, frutta secca, frutta a guscio, nocciole, noci, nuss, nüsse, nüssen, ถั่ว, ถั่วต่างๆ',
  ],
  ['alg:tree-nuts', 'tree nut, tree nuts, fruits à coque, frutta a guscio, schalenfrüchte, baumnüsse, ถั่วเปลือกแข็ง'],
  // "Seafood", "shellfish" in a guest's words are crustaceans and molluscs ("no seafood, what fish?").
  [
    'alg:crustaceans alg:molluscs',
    'seafood, shellfish, fruits de mer, coquillages, frutti di mare, meeresfrüchte, schalentiere, อาหารทะเล',
  ],
  ['alg:crustaceans', 'crustacean, crustaceans, crustacés, crostacei, krustentiere, krebstiere, กุ้ง, ปู'],
  ['alg:molluscs', 'mollusc, molluscs, mollusk, mollusks, mollusques, molluschi, weichtiere, หอย'],
  ['alg:soya', 'soy, soya, soja, soia, ถั่วเหลือง'],
  // Beans and legumes, as the old "bean" allergen: soya and lupin.
  [
    'alg:soya alg:lupin',
    'bean, beans, legume, legumes, haricot, haricots, légumineuses, fagioli, legumi, bohnen, hülsenfrüchte',
  ],
  ['alg:lupin', 'lupin, lupins, lupine, lupini, lupinen, lupinenmehl'],
];
