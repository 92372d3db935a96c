/** The invoice type as the face names it, per language (the type codes of @fpy/domain). */
const TYPES: Record<string, [string, string]> = {
  digital_special: ['电子发票（增值税专用发票）', 'Digital VAT special invoice'],
  digital_ordinary: ['电子发票（普通发票）', 'Digital ordinary invoice'],
  digital_paper_special: ['纸质发票（增值税专用发票）', 'Paper VAT special invoice (digital era)'],
  digital_paper_ordinary: ['纸质发票（普通发票）', 'Paper ordinary invoice (digital era)'],
  special_paper: ['增值税专用发票', 'VAT special invoice (paper)'],
  ordinary_paper: ['增值税普通发票', 'VAT ordinary invoice (paper)'],
  electronic_special: ['增值税电子专用发票', 'VAT electronic special invoice'],
  electronic_ordinary: ['增值税电子普通发票', 'VAT electronic ordinary invoice'],
  roll: ['增值税普通发票（卷式）', 'VAT ordinary invoice (roll)'],
};

export const typeName = (type: string, lang: 'zh' | 'en') => TYPES[type]?.[lang === 'zh' ? 0 : 1] ?? type;
