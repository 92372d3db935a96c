import { describe, expect, it } from 'vitest';
import { inline, richTextSummary } from './rich-text.tsx';

describe('rich text (markdown-safe)', () => {
  it('makes **bold** a strong element and leaves everything else text, HTML included', () => {
    const parts = inline('前 **重点** <img src=x onerror=alert(1)>');
    expect(parts[0]).toBe('前 ');
    expect((parts[1] as { type: string }).type).toBe('strong');
    expect(parts[2]).toBe(' <img src=x onerror=alert(1)>');
  });

  it('summarises the first line without markup', () => {
    expect(richTextSummary('\n- **一**项\n- 二')).toBe('一项');
  });
});
