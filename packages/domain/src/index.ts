export * from './money.ts';
export * from './pricing.ts';
export * from './errors.ts';
export * from './dietary.ts';
export * from './seats.ts';
export * from './venue-import.ts';
export * from './public-types.ts';
