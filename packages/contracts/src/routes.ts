/**
 * Every route, for the console's calls by name (`callLazy`, apps/web/src/lib/http.ts). Here it is the whole
 * contracts; the console's build serves light route objects under this name instead — method, path,
 * permission, no zod (apps/web/vite/contracts-for-web.ts) — so the shell's first requests load no schema.
 */
export * from './index.ts';
