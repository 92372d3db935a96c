export * from './nature.ts';
export * from './red-lines.ts';
