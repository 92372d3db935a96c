export * from './tenants.ts';
export * from './org.ts';
export * from './menus.ts';
export * from './auth.ts';
export * from './logs.ts';
export * from './dict.ts';
export * from './files.ts';
export * from './tax-codes.ts';
