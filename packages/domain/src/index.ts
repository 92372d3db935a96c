export * from './credit-code.ts';
export * from './account-flags.ts';
export * from './password-rule.ts';
export * from './error-status.ts';
export * from './money/index.ts';
export * from './tax/index.ts';
export * from './invoicing/status.ts';
export * from './text/face-text.ts';
