/** A small bilingual test menu (English names, Italian dishes, a few Thai dishes, drinks). */
import { normaliseAllergens } from '@carte/domain';
import type { AssistantMenu, MenuProduct } from '../../types.ts';

type P = Partial<MenuProduct> & { id: string; name: string; cat: string; price: number | null };

const CATEGORIES: Record<string, string> = {
  starters: 'Starters',
  pizza: 'Pizza',
  pasta: 'Pasta',
  thai: 'Thai kitchen',
  desserts: 'Desserts',
  drinks: 'Drinks',
};

const RAW: P[] = [
  {
    id: 'bruschetta',
    name: 'Bruschetta',
    cat: 'starters',
    price: 6.5,
    description: 'Grilled bread with tomatoes, garlic and basil',
    preferences: ['vegan'],
    allergenes: ['gluten'],
    recommended: true,
  },
  {
    id: 'burrata',
    name: 'Burrata',
    cat: 'starters',
    price: 11.5,
    description: 'Creamy burrata with cherry tomatoes',
    preferences: ['vegetarian', 'gluten-free'],
    allergenes: ['dairy'],
    variations: [{ id: 'truffle', name: 'Truffle oil', priceVariationMinor: 300 }],
  },
  {
    id: 'calamari',
    name: 'Fried calamari',
    cat: 'starters',
    price: 12,
    description: 'Crispy squid rings with lemon mayonnaise',
    allergenes: ['seafood', 'gluten', 'egg'],
  },
  {
    id: 'margherita',
    name: 'Pizza Margherita',
    cat: 'pizza',
    price: 9.5,
    description: 'Tomato sauce, mozzarella, fresh basil',
    preferences: ['vegetarian'],
    allergenes: ['gluten', 'dairy'],
    variations: [
      { id: 'large', name: 'Large', priceVariationMinor: 300 },
      { id: 'gf-base', name: 'Gluten-free base', priceVariationMinor: 200 },
    ],
    recommended: true,
  },
  {
    id: 'diavola',
    name: 'Pizza Diavola',
    cat: 'pizza',
    price: 11,
    description: 'Tomato, mozzarella, spicy salami and chili',
    preferences: ['spicy'],
    allergenes: ['gluten', 'dairy'],
    variations: [{ id: 'large-d', name: 'Large', priceVariationMinor: 300 }],
  },
  {
    id: 'ortolana',
    name: 'Pizza Ortolana',
    cat: 'pizza',
    price: 10.5,
    description: 'Grilled vegetables, tomato, no cheese',
    preferences: ['vegan'],
    allergenes: ['gluten'],
  },
  {
    id: 'carbonara',
    name: 'Spaghetti Carbonara',
    cat: 'pasta',
    price: 13,
    description: 'Egg yolk, guanciale, pecorino and black pepper',
    allergenes: ['gluten', 'egg', 'dairy'],
    variations: [{ id: 'gf-pasta', name: 'Gluten-free pasta', priceVariationMinor: 150 }],
    recommended: true,
  },
  {
    id: 'pesto',
    name: 'Trofie al pesto',
    cat: 'pasta',
    price: 12.5,
    description: 'Basil pesto with pine nuts and parmesan',
    preferences: ['vegetarian'],
    allergenes: ['gluten', 'dairy', 'tree nuts'],
  },
  {
    id: 'arrabbiata',
    name: "Penne all'arrabbiata",
    cat: 'pasta',
    price: 11,
    description: 'Tomato sauce with garlic and chili',
    preferences: ['vegan', 'spicy'],
    allergenes: ['gluten'],
  },
  {
    id: 'padthai',
    name: 'Pad Thai with shrimp',
    cat: 'thai',
    price: 14,
    description: 'Rice noodles, shrimp, peanuts, egg and tamarind',
    allergenes: ['seafood', 'nuts', 'egg'],
  },
  {
    id: 'greencurry',
    name: 'Green curry with chicken',
    cat: 'thai',
    price: 15,
    description: 'Coconut milk, green chili, Thai basil, chicken',
    preferences: ['spicy', 'dairy-free'],
    allergenes: ['fish'],
  },
  {
    id: 'tofucurry',
    name: 'Massaman curry with tofu',
    cat: 'thai',
    price: 13.5,
    description: 'Potatoes, tofu, peanuts and coconut milk',
    preferences: ['vegan'],
    allergenes: ['nuts', 'bean'],
  },
  {
    id: 'tiramisu',
    name: 'Tiramisù',
    cat: 'desserts',
    price: 7,
    description: 'Mascarpone, coffee, savoiardi and cocoa',
    preferences: ['vegetarian'],
    allergenes: ['dairy', 'egg', 'gluten'],
    recommended: true,
  },
  {
    id: 'sorbet',
    name: 'Lemon sorbet',
    cat: 'desserts',
    price: 5,
    description: 'Fresh lemon sorbet',
    preferences: ['vegan', 'gluten-free'],
    allergenes: [],
  },
  {
    id: 'mango',
    name: 'Mango sticky rice',
    cat: 'desserts',
    price: 8,
    description: 'Sweet sticky rice with mango and coconut cream',
    preferences: ['vegan', 'gluten-free'],
    allergenes: [],
  },
  {
    id: 'espresso',
    name: 'Espresso',
    cat: 'drinks',
    price: 2.5,
    allergenes: [],
    preferences: ['vegan'],
    variations: [{ id: 'double', name: 'Double', priceVariationMinor: 100 }],
  },
  {
    id: 'cappuccino',
    name: 'Cappuccino',
    cat: 'drinks',
    price: 3.5,
    allergenes: ['dairy'],
    preferences: ['vegetarian'],
    variations: [{ id: 'oat', name: 'Oat milk', priceVariationMinor: 50 }],
  },
  { id: 'water', name: 'Sparkling water', cat: 'drinks', price: 3, allergenes: [] },
  {
    id: 'wine',
    name: 'House red wine',
    cat: 'drinks',
    price: null,
    description: 'Ask for the wine of the day',
    allergenes: [],
  },
  { id: 'lasagne', name: 'Lasagne', cat: 'pasta', price: 14, status: 'unavailable', allergenes: ['gluten', 'dairy'] },
];

export function fixtureProducts(): MenuProduct[] {
  return RAW.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description ?? null,
    priceMinor: r.price === null ? null : Math.round(r.price * 100),
    recommended: r.recommended ?? false,
    status: r.status ?? 'available',
    preferences: r.preferences ?? [],
    // As the database holds them: old names ("dairy", "seafood") read as the 14 identifiers.
    allergenes: normaliseAllergens(r.allergenes ?? []),
    categories: [{ id: r.cat, name: CATEGORIES[r.cat]! }],
    variations: (r.variations ?? []).map((v) =>
      v.allergenes ? { ...v, allergenes: normaliseAllergens(v.allergenes) } : v,
    ),
  }));
}

export function fixtureMenu(): AssistantMenu {
  return {
    venueName: 'Trattoria Test',
    currency: 'eur',
    useTextMenu: false,
    textMenu: null,
    products: fixtureProducts(),
  };
}

export const TEXT_MENU = `ANTIPASTI
Bruschetta al pomodoro (v) 6
Vitello tonnato 12

PRIMI
Spaghetti alle vongole 16
Risotto ai funghi porcini (v) 15

DOLCI
Tiramisù della casa 7
Panna cotta ai frutti di bosco (v) 6.50
`;
