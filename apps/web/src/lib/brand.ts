import i18n from 'i18next';

export type BrandVariant = 'main' | 'branch';

/**
 * Spec §1/§9: the product's own hosts (main domains, beta, local development) carry the 发票云助手 brand and
 * the main page variants; any other host is a partner deployment with the generic wording and branch variants.
 */
export function isOwnHost(hostname: string = window.location.hostname): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname.includes('fapiaoyun');
}

export function brandVariant(hostname?: string): BrandVariant {
  return isOwnHost(hostname) ? 'main' : 'branch';
}

export function brandName(): string {
  return i18n.t(isOwnHost() ? 'brand.own' : 'brand.generic');
}

function setMeta(name: string, content: string): void {
  let tag = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/**
 * Spec §1: title, description and keywords are set on every navigation. pageTitle empty means the brand
 * alone; exactTitle replaces the whole title (home and login carry the platform name by itself).
 */
export function applyPageMeta(pageTitle: string | undefined, exactTitle?: string): void {
  const own = isOwnHost();
  document.title = exactTitle ?? (pageTitle ? `${pageTitle} - ${brandName()}` : brandName());
  setMeta('description', i18n.t(own ? 'brand.ownDescription' : 'brand.genericDescription'));
  setMeta('keywords', i18n.t(own ? 'brand.ownKeywords' : 'brand.genericKeywords'));
}
