/**
 * The short links moved to their own module (delivery/short-links, the one writer of short_links, issue 29 §4).
 * Kept as a re-export so dispatch's files and its face stay as they are; they may import
 * '../short-links/index.ts' directly.
 */
export { createShortLink, type NewShortLink, newShortCode, shortLinkUrl } from '../short-links/index.ts';
