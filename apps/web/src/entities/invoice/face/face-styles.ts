import type { CSSProperties } from 'react';

/** The 数电 face is printed in a brown-red ink on a 210 × 140 mm sheet; sizes are in mm so print offsets add up. */
export const INK = '#9c4a1a';

const cell: CSSProperties = { border: `0.2mm solid ${INK}`, padding: '1mm 1.5mm', verticalAlign: 'top' };

export const faceStyles = {
  sheet: {
    position: 'relative',
    width: '210mm',
    minHeight: '140mm',
    boxSizing: 'border-box',
    padding: '6mm 8mm',
    background: '#fff',
    color: '#222',
    fontFamily: '"SimSun", "Songti SC", "Noto Serif CJK SC", serif',
    fontSize: '3mm',
    lineHeight: 1.45,
  },
  header: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', marginBottom: '3mm' },
  title: {
    flex: 1,
    textAlign: 'center',
    color: INK,
    fontSize: '5.5mm',
    fontWeight: 700,
    letterSpacing: '0.6mm',
    paddingBottom: '1mm',
    borderBottom: `0.6mm double ${INK}`,
    margin: '0 8mm',
  },
  meta: { minWidth: '58mm', color: INK, fontSize: '2.8mm' },
  metaValue: { color: '#222', fontFamily: 'monospace' },
  negativeMark: { color: '#c00', fontWeight: 700, fontSize: '3.5mm', marginTop: '1mm' },
  table: { width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' },
  cell,
  label: { ...cell, color: INK, width: '6mm', textAlign: 'center', writingMode: 'vertical-rl' },
  partyCell: { ...cell, width: '50%' },
  partyLine: { display: 'flex', gap: '2mm' },
  partyKey: { color: INK, whiteSpace: 'nowrap' },
  th: { ...cell, color: INK, fontWeight: 400, textAlign: 'center' },
  td: { ...cell, borderTop: 'none', borderBottom: 'none' },
  num: { ...cell, borderTop: 'none', borderBottom: 'none', textAlign: 'right', fontFamily: 'monospace' },
  totalRow: { ...cell, color: INK },
  totalNum: { ...cell, textAlign: 'right', fontFamily: 'monospace' },
  words: { ...cell },
  footer: { display: 'flex', gap: '12mm', marginTop: '2mm', color: INK },
} satisfies Record<string, CSSProperties>;
