/**
 * The words the assistants read allergies, diets and questions about the venue by (issue 17 items 1,
 * 3 and 7): data only, one table per language, phrases written as guests write them (plural and
 * accents optional: the tokenizer folds them, the stemmer takes endings off, typos in longer words
 * are forgiven). The tables of the five languages are merged when matching: guests mix languages.
 */
import type { AllergenId, DietId } from '@carte/domain';
import type { Lang } from './tokens.ts';

type Table<V> = Record<string, V>;

const SEAFOOD: AllergenId[] = ['fish', 'crustaceans', 'molluscs'];
const SHELLFISH: AllergenId[] = ['crustaceans', 'molluscs'];
const NUTS: AllergenId[] = ['tree-nuts', 'peanuts'];

/** Words naming allergens (and the foods that are one), per language. */
export const ALLERGEN_WORDS: Record<Lang, Table<AllergenId[]>> = {
  en: {
    gluten: ['gluten'], wheat: ['gluten'], flour: ['gluten'], bread: ['gluten'], barley: ['gluten'], rye: ['gluten'],
    coeliac: ['gluten'], celiac: ['gluten'], coeliacs: ['gluten'],
    crustaceans: ['crustaceans'], crustacean: ['crustaceans'], shrimp: ['crustaceans'], prawn: ['crustaceans'],
    crab: ['crustaceans'], lobster: ['crustaceans'], crayfish: ['crustaceans'],
    shellfish: SHELLFISH, seafood: SEAFOOD, 'sea food': SEAFOOD,
    egg: ['eggs'], eggs: ['eggs'], mayo: ['eggs'], mayonnaise: ['eggs'],
    fish: ['fish'], tuna: ['fish'], salmon: ['fish'], anchovy: ['fish'], anchovies: ['fish'],
    peanut: ['peanuts'], peanuts: ['peanuts'], groundnut: ['peanuts'], 'peanut butter': ['peanuts'],
    soy: ['soya'], soya: ['soya'], soybean: ['soya'], tofu: ['soya'], 'soy sauce': ['soya'],
    milk: ['milk'], dairy: ['milk'], lactose: ['milk'], cheese: ['milk'], butter: ['milk'], cream: ['milk'],
    'tree nut': ['tree-nuts'], 'tree nuts': ['tree-nuts'], nut: NUTS, nuts: NUTS,
    walnut: ['tree-nuts'], almond: ['tree-nuts'], hazelnut: ['tree-nuts'], cashew: ['tree-nuts'],
    pistachio: ['tree-nuts'], pecan: ['tree-nuts'],
    celery: ['celery'], celeriac: ['celery'], mustard: ['mustard'], sesame: ['sesame'], tahini: ['sesame'],
    sulphites: ['sulphites'], sulfites: ['sulphites'], sulphite: ['sulphites'], sulfite: ['sulphites'],
    lupin: ['lupin'], lupine: ['lupin'],
    molluscs: ['molluscs'], mollusks: ['molluscs'], mollusc: ['molluscs'], squid: ['molluscs'],
    octopus: ['molluscs'], mussels: ['molluscs'], clams: ['molluscs'], oysters: ['molluscs'], calamari: ['molluscs'],
  },
  fr: {
    gluten: ['gluten'], ble: ['gluten'], farine: ['gluten'], coeliaque: ['gluten'], celiaque: ['gluten'],
    crustaces: ['crustaceans'], crevette: ['crustaceans'], crevettes: ['crustaceans'], crabe: ['crustaceans'],
    homard: ['crustaceans'], 'fruits de mer': SHELLFISH,
    oeuf: ['eggs'], oeufs: ['eggs'], œuf: ['eggs'], œufs: ['eggs'],
    poisson: ['fish'], poissons: ['fish'], thon: ['fish'], saumon: ['fish'],
    arachide: ['peanuts'], arachides: ['peanuts'], cacahuete: ['peanuts'], cacahuetes: ['peanuts'],
    soja: ['soya'], lait: ['milk'], laitier: ['milk'], laitiers: ['milk'], 'produits laitiers': ['milk'],
    lactose: ['milk'], fromage: ['milk'], beurre: ['milk'], creme: ['milk'],
    'fruits a coque': ['tree-nuts'], 'fruit a coque': ['tree-nuts'], noix: NUTS, noisette: ['tree-nuts'],
    amande: ['tree-nuts'], amandes: ['tree-nuts'], pistache: ['tree-nuts'],
    celeri: ['celery'], moutarde: ['mustard'], sesame: ['sesame'], sulfites: ['sulphites'], lupin: ['lupin'],
    mollusques: ['molluscs'], mollusque: ['molluscs'], calamar: ['molluscs'], poulpe: ['molluscs'], moules: ['molluscs'],
  },
  it: {
    glutine: ['gluten'], frumento: ['gluten'], grano: ['gluten'], farina: ['gluten'], celiaco: ['gluten'],
    celiaca: ['gluten'], celiachia: ['gluten'],
    crostacei: ['crustaceans'], crostaceo: ['crustaceans'], gamberi: ['crustaceans'], gamberetti: ['crustaceans'],
    granchio: ['crustaceans'], aragosta: ['crustaceans'], 'frutti di mare': SHELLFISH,
    uovo: ['eggs'], uova: ['eggs'], pesce: ['fish'], tonno: ['fish'], salmone: ['fish'],
    arachidi: ['peanuts'], arachide: ['peanuts'], noccioline: ['peanuts'],
    soia: ['soya'], latte: ['milk'], latticini: ['milk'], lattosio: ['milk'], formaggio: ['milk'], burro: ['milk'],
    panna: ['milk'], 'frutta a guscio': ['tree-nuts'], 'frutta secca': NUTS, noci: NUTS, nocciole: ['tree-nuts'],
    mandorle: ['tree-nuts'], pistacchi: ['tree-nuts'], pistacchio: ['tree-nuts'],
    sedano: ['celery'], senape: ['mustard'], sesamo: ['sesame'], solfiti: ['sulphites'], lupini: ['lupin'],
    lupino: ['lupin'], molluschi: ['molluscs'], mollusco: ['molluscs'], calamari: ['molluscs'], polpo: ['molluscs'],
    cozze: ['molluscs'],
  },
  de: {
    gluten: ['gluten'], weizen: ['gluten'], mehl: ['gluten'], zoliakie: ['gluten'], zoeliakie: ['gluten'],
    krebstiere: ['crustaceans'], garnelen: ['crustaceans'], krabben: ['crustaceans'], shrimps: ['crustaceans'],
    hummer: ['crustaceans'], meeresfruchte: SHELLFISH, schalentiere: SHELLFISH,
    ei: ['eggs'], eier: ['eggs'], fisch: ['fish'], thunfisch: ['fish'], lachs: ['fish'],
    erdnuss: ['peanuts'], erdnusse: ['peanuts'], soja: ['soya'],
    milch: ['milk'], milchprodukte: ['milk'], laktose: ['milk'], lactose: ['milk'], kase: ['milk'], sahne: ['milk'],
    schalenfruchte: ['tree-nuts'], baumnusse: ['tree-nuts'], nuss: NUTS, nusse: NUTS, walnuss: ['tree-nuts'],
    mandeln: ['tree-nuts'], haselnuss: ['tree-nuts'], pistazien: ['tree-nuts'],
    sellerie: ['celery'], senf: ['mustard'], sesam: ['sesame'], sulfite: ['sulphites'], schwefel: ['sulphites'],
    lupinen: ['lupin'], lupine: ['lupin'], weichtiere: ['molluscs'], muscheln: ['molluscs'], tintenfisch: ['molluscs'],
    oktopus: ['molluscs'],
  },
  th: {
    กลูเตน: ['gluten'], แป้งสาลี: ['gluten'], ข้าวสาลี: ['gluten'],
    กุ้ง: ['crustaceans'], ปู: ['crustaceans'], สัตว์มีเปลือก: SHELLFISH, อาหารทะเล: SEAFOOD,
    ไข่: ['eggs'], ปลา: ['fish'], ถั่วลิสง: ['peanuts'], ถั่วเหลือง: ['soya'], เต้าหู้: ['soya'],
    นม: ['milk'], นมวัว: ['milk'], ผลิตภัณฑ์นม: ['milk'], แลคโตส: ['milk'], ชีส: ['milk'], เนย: ['milk'],
    ถั่วเปลือกแข็ง: ['tree-nuts'], ถั่ว: NUTS, อัลมอนด์: ['tree-nuts'], มะม่วงหิมพานต์: ['tree-nuts'],
    ขึ้นฉ่าย: ['celery'], มัสตาร์ด: ['mustard'], งา: ['sesame'], ซัลไฟต์: ['sulphites'], ลูพิน: ['lupin'],
    หอย: ['molluscs'], ปลาหมึก: ['molluscs'],
  },
};

/** Words naming a diet. */
export const DIET_WORDS: Record<Lang, Table<DietId>> = {
  en: { vegan: 'vegan', vegans: 'vegan', 'plant based': 'vegan', vegetarian: 'vegetarian', veggie: 'vegetarian', veggies: 'vegetarian' },
  fr: { vegan: 'vegan', vegane: 'vegan', vegetalien: 'vegan', vegetalienne: 'vegan', vegetarien: 'vegetarian', vegetarienne: 'vegetarian' },
  it: { vegano: 'vegan', vegana: 'vegan', vegani: 'vegan', vegane: 'vegan', vegetariano: 'vegetarian', vegetariana: 'vegetarian', vegetariani: 'vegetarian' },
  de: { vegan: 'vegan', veganer: 'vegan', veganerin: 'vegan', vegetarisch: 'vegetarian', vegetarier: 'vegetarian', vegetarierin: 'vegetarian' },
  th: { วีแกน: 'vegan', เจ: 'vegan', มังสวิรัติ: 'vegetarian', มังสะวิรัติ: 'vegetarian' },
};

/**
 * Words that make every allergen of the message a constraint: "allergic", "can't have", "verträgt
 * keine", "แพ้". A guest who names an allergy means every allergen they name in that message.
 */
export const ALLERGY_CUES: Record<Lang, string[]> = {
  en: ['allergic', 'allergy', 'allergies', 'intolerant', 'intolerance', 'coeliac', 'celiac', "can't have", 'cant have',
    'cannot have', "can't eat", 'cant eat', 'cannot eat', "don't eat", 'dont eat', "doesn't eat", 'doesnt eat',
    'avoid', 'avoiding', "can't do", 'cant do', "can't tolerate", 'react to', 'anaphylactic'],
  fr: ['allergique', 'allergie', 'allergies', 'intolerant', 'intolerante', 'intolerance', 'coeliaque', 'celiaque',
    'ne mange pas', 'mange pas', 'ne supporte pas', 'supporte pas', 'evite', 'eviter', 'ne peut pas manger',
    'peut pas manger', 'ne digere pas', 'digere pas'],
  it: ['allergico', 'allergica', 'allergici', 'allergiche', 'allergia', 'allergie', 'intollerante', 'intolleranza',
    'celiaco', 'celiaca', 'celiachia', 'non mangio', 'non posso mangiare', 'non puo mangiare', 'non tollero',
    'non tollera', 'evito', 'evitare', 'non digerisco'],
  de: ['allergisch', 'allergie', 'allergien', 'allergiker', 'unvertraglichkeit', 'intoleranz', 'zoliakie',
    'vertrage kein', 'vertrage keine', 'vertrag keine', 'vertragt keine', 'vertragt kein', 'darf kein', 'darf keine',
    'esse kein', 'esse keine', 'isst kein', 'isst keine', 'vermeide', 'vermeiden'],
  th: ['แพ้', 'ไม่กิน', 'ไม่ทาน', 'กินไม่ได้', 'ทานไม่ได้', 'เลี่ยง'],
};

/** Words after which the allergens of the same clause are constraints: "no nuts", "sans gluten", "ohne Milch". */
export const WITHOUT_CUES: Record<Lang, string[]> = {
  en: ['no', 'without', 'not', 'zero', 'free of', 'hold the', 'minus'],
  fr: ['sans', 'pas de', 'aucun', 'aucune', 'zero'],
  it: ['senza', 'niente', 'no', 'non', 'privo di', 'priva di'],
  de: ['ohne', 'kein', 'keine', 'keinen', 'keiner', 'nicht', 'frei von'],
  th: ['ไม่ใส่', 'ไม่เอา', 'ไม่มี', 'ปลอด', 'งด'],
};

/** Words after an allergen that make it a constraint: "gluten free", "nut-free", "glutenfrei". */
export const FREE_SUFFIXES: Record<Lang, string[]> = {
  en: ['free'],
  fr: ['free'],
  it: ['free'],
  de: ['frei', 'freie', 'freies', 'freien'],
  th: ['ฟรี'],
};

/** Words that make a diet of the message last for the conversation ("I'm vegan", "bin Veganer"). */
export const SELF_CUES: Record<Lang, string[]> = {
  en: ['i am', 'im', "i'm", 'we are', "we're", 'were all', 'my', 'our', 'he is', 'she is'],
  fr: ['je suis', 'nous sommes', 'on est', 'mon', 'ma', 'mes', 'il est', 'elle est'],
  it: ['sono', 'siamo', 'mio', 'mia', 'mi', 'e vegano', 'e vegana'],
  de: ['ich bin', 'bin', 'wir sind', 'mein', 'meine', 'er ist', 'sie ist'],
  th: ['เป็น', 'ผม', 'ฉัน', 'เรา'],
};
