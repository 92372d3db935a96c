export * from './route.ts';
export * from './common.ts';
export * from './system/auth.ts';
export * from './system/profile.ts';
export * from './system/docs.ts';
export * from './menu-catalogue.ts';
