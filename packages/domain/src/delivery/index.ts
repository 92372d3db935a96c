export * from './template.ts';
export * from './recipient.ts';
