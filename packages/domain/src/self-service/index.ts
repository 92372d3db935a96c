export * from './buyer-title.ts';
export * from './title-qr.ts';
export * from './scan-orders.ts';
