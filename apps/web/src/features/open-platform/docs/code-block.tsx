import { Typography } from 'antd';

/** Pre-formatted text (JSON, headers, strings to sign) with a copy button. */
export function CodeBlock({
  value,
  testId,
  maxHeight = 360,
}: {
  value: unknown;
  testId?: string;
  maxHeight?: number;
}) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <div style={{ position: 'relative' }}>
      <Typography.Paragraph
        copyable={{ text }}
        style={{ position: 'absolute', right: 8, top: 4, margin: 0 }}
      />
      <pre
        data-testid={testId}
        style={{
          margin: 0,
          padding: 12,
          background: 'rgba(127,127,127,0.08)',
          borderRadius: 6,
          fontSize: 12,
          maxHeight,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {text}
      </pre>
    </div>
  );
}
