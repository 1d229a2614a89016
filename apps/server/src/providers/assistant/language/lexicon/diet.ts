/**
 * Dietary preferences, allergens and the words around them.
 * Data in the lexicon format (see ../lexicon.ts): `[tags, "word, word, ..."]`, the words in any of
 * the five languages, matched after folding and stemming (../tokens.ts).
 */
import type { LexiconEntry } from '../lexicon.ts';

export const DIET: LexiconEntry[] = [
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
  ['alg:lactose', 'lactose, lattosio, laktose, แลคโตส'],
];
