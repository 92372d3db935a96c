import { APPLY_CODE_PARAM } from '@fpy/contracts/apply-pages';
import { Suspense } from 'react';
import { useKitTexts } from '../kit/i18n.ts';
import { Shell, StatusPanel } from '../kit/layout.tsx';
import { usePhoneLocation } from '../kit/nav.ts';
import { useApplyTexts } from './i18n.ts';
import type { ApplyRoute } from './routes.ts';
import { brandKey, variantOf } from './variant.ts';

/**
 * Every sub-folder's pages (order/, title/, wallet/, board/ — one owner each) declare their routes in their own
 * `routes.ts`; the entry collects them here, so adding a page never edits a shared file.
 */
const modules = import.meta.glob<{ routes: readonly ApplyRoute[] }>('./*/routes.ts', { eager: true });
const BY_PATH = new Map<string, ApplyRoute>();
for (const mod of Object.values(modules))
  for (const r of mod.routes) for (const p of r.paths) BY_PATH.set(p, r);

/** While a page's chunk loads: the brand's header at once, so a slow phone never shows an empty screen. */
function Loading({ brand }: { brand: string }) {
  const { t } = useKitTexts();
  return (
    <Shell title={brand}>
      <StatusPanel tone="busy" title={t('loading')} />
    </Shell>
  );
}

/** A path of the entry no page claims (yet): says what to do instead of a blank screen. */
function NoPage({ brand }: { brand: string }) {
  const { t } = useApplyTexts();
  return (
    <Shell title={brand}>
      <StatusPanel tone="warn" title={t('entry.unknown.title')}>
        <p>{t('entry.unknown.text')}</p>
      </StatusPanel>
    </Shell>
  );
}

export function ApplyPages() {
  const { path, query } = usePhoneLocation();
  const { t } = useApplyTexts();
  const variant = variantOf(path, query);
  const route = BY_PATH.get(path);
  if (!route) return <NoPage brand={t(brandKey(variant))} />;
  const Page = route.page;
  return (
    <Suspense fallback={<Loading brand={t(brandKey(variant))} />}>
      <Page path={path} variant={variant} code={query.get(APPLY_CODE_PARAM) ?? ''} query={query} />
    </Suspense>
  );
}
