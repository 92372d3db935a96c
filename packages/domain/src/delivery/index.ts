export * from './template.ts';
export * from './recipient.ts';
export * from './status.ts';
export * from './retry.ts';
