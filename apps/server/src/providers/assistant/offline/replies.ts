/**
 * The offline assistant's answers: searches, product questions, the cart and adding dishes, built
 * from the menu data only. The rules (rules.ts) decide which of them answers a message; these
 * functions only build the reply. Everything they state (dishes, prices, allergens, labels) comes
 * from the menu; when they cannot help they say so with the specification's fallback sentence.
 * One file per kind of answer under replies/ (issue 17 item 7: files under 500 lines).
 */
export * from './replies/common.ts';
export * from './replies/search.ts';
export * from './replies/info.ts';
export * from './replies/cart.ts';
export * from './replies/add.ts';
