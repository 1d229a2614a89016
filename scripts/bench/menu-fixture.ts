/** A realistic 500-product venue import file for benchmarks (no images). */
const dishes = ['Risotto', 'Spaghetti', 'Pizza', 'Salad', 'Curry', 'Soup', 'Burger', 'Tart', 'Gnocchi', 'Noodles', 'Tacos', 'Bowl', 'Lasagne', 'Ravioli', 'Stew'];
const ingredients = ['mushroom', 'tomato', 'basil', 'chicken', 'beef', 'prawn', 'tofu', 'spinach', 'pumpkin', 'lemon', 'garlic', 'chilli', 'cheese', 'aubergine', 'pesto', 'salmon', 'pork', 'lentil', 'coconut', 'peanut'];
const categories = ['starters', 'mains', 'pasta', 'pizza', 'salads', 'desserts', 'drinks', 'sides'];
const prefs = [[], ['vegetarian'], ['vegan', 'vegetarian', 'dairy-free'], ['gluten-free'], ['spicy'], []];
const allergens = [['gluten'], ['dairy'], ['nuts'], ['egg', 'gluten'], [], ['seafood', 'fish'], ['bean']];

export function benchMenuFile(venueUrl: string, products = 500) {
  return {
    venue: { venueUrl, name: 'Bench Brasserie', currency: 'eur', spots: ['1', '2', '3', '4', '5'], enable_uber_direct: true, deliveryFee: 3.5 },
    categories: categories.map((id) => ({ id, name: id[0]!.toUpperCase() + id.slice(1) })),
    products: Array.from({ length: products }, (_, i) => {
      const a = ingredients[i % ingredients.length]!;
      const b = ingredients[(i * 7 + 3) % ingredients.length]!;
      const dish = dishes[i % dishes.length]!;
      return {
        id: `p${i}`,
        name: `${dish} ${a} ${i}`,
        description: `${dish} with ${a}, ${b}, olive oil and fresh herbs; a house favourite number ${i}.`,
        price: i % 50 === 0 ? null : 6 + (i % 23) + (i % 4) * 0.25,
        recommended: i % 37 === 0,
        preferences: prefs[i % prefs.length],
        allergenes: allergens[i % allergens.length],
        categories: [categories[i % categories.length]!],
        variations:
          i % 3 === 0
            ? [
                { id: 'small', name: 'Small', price_variation: -1.5 },
                { id: 'regular', name: 'Regular', price_variation: 0 },
                { id: 'large', name: 'Large', price_variation: 3 },
              ]
            : [],
      };
    }),
  };
}
