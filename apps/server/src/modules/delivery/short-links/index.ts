export {
  changeShortLinks,
  countShortLinkOpen,
  createShortLink,
  type NewShortLink,
  newShortCode,
  renewShortLink,
  SHORT_CODE_LENGTH,
  type ShortLinkChange,
  shortLinkUrl,
} from './links.ts';
