export * from './buyer-title.ts';
export * from './title-qr.ts';
