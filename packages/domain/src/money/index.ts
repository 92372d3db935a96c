export * from './decimal.ts';
export * from './fen.ts';
