import { readFileSync } from 'node:fs';
import { type Db, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { FileStore } from '../lib/file-store.ts';
import { rasterise } from '../modules/platform/base/index.ts';

/** Where the seeded customised tenant's logo is served; /uploads/ serves only PNG/JPEG the product wrote. */
export const BRAND_LOGO_URL = '/uploads/seed/brand-logo.png';
/** What databases seeded before uploads were rasterised point at; that file is no longer served. */
const LEGACY_BRAND_LOGO_URL = '/uploads/seed/brand-logo.svg';

/**
 * Runs on every start: writes the demo logo PNG (rasterised from seed/brand-logo.svg with the same code as
 * uploads) when the uploads store lacks it, and moves tenants still pointing at the old SVG to it. Both steps
 * are idempotent, so a database seeded by an older version shows a logo again without a migration.
 */
export async function ensureBrandLogo(db: Db, uploads: FileStore) {
  const key = 'seed/brand-logo.png';
  if (!(await uploads.get(key))) {
    const svg = readFileSync(new URL('./brand-logo.svg', import.meta.url));
    const png = await rasterise(svg, { accept: ['svg'], refusal: 'FILE_TYPE_NOT_ALLOWED.image' });
    // The store writes whole objects (a local file aside and renamed), so a second process starting at the
    // same time never serves half a file; both write the same bytes.
    await uploads.put(key, png.data, png.mime);
  }
  await uploads.delete('seed/brand-logo.svg');
  await db.update(tenants).set({ logoUrl: BRAND_LOGO_URL }).where(eq(tenants.logoUrl, LEGACY_BRAND_LOGO_URL));
}
