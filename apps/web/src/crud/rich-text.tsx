import type { ReactNode } from 'react';

/**
 * The rich-text field's reading: paragraphs (blank lines), `- ` lists and **bold**, nothing else. Built as React
 * elements from plain text, so whatever was stored is shown as text: no HTML is ever parsed or injected, and
 * the form stays a textarea (no editor in the bundle).
 */
export function RichText({ text }: { text: string }) {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        if (lines.every((l) => /^\s*[-*] /.test(l)))
          return (
            <ul key={i} style={{ margin: '0 0 8px', paddingInlineStart: 20 }}>
              {lines.map((l, j) => (
                <li key={j}>{inline(l.replace(/^\s*[-*] /, ''))}</li>
              ))}
            </ul>
          );
        return (
          <p key={i} style={{ margin: '0 0 8px', whiteSpace: 'pre-wrap' }}>
            {inline(block)}
          </p>
        );
      })}
    </>
  );
}

/** `**bold**` spans; the rest stays text. */
export function inline(line: string): ReactNode[] {
  return line
    .split(/(\*\*[^*]+\*\*)/)
    .map((part, i) =>
      part.startsWith('**') && part.endsWith('**') && part.length > 4 ? (
        <strong key={i}>{part.slice(2, -2)}</strong>
      ) : (
        part
      ),
    );
}

/** The first line without markup, for a table cell. */
export const richTextSummary = (text: string) =>
  text
    .split('\n')
    .find((l) => l.trim())
    ?.replace(/^\s*[-*] /, '')
    .replace(/\*\*/g, '') ?? '';
