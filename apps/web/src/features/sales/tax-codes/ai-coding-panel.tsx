import { aiCoding, type CodingSuggestion, confirmAiCoding } from '@fpy/contracts';
import { Button, Card, Input, List, Progress, Space, Tag } from 'antd';
import { useCan } from '../../../lib/permission.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';

/** One product name → three codes; confirming teaches the company's memory. */
export function AiCodingPanel() {
  const { t } = useTranslation();
  const canTeach = useCan(confirmAiCoding.permission);
  const [name, setName] = useState('');
  const [result, setResult] = useState<{ name: string; suggestions: CodingSuggestion[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (!name.trim()) return;
    setBusy(true);
    try {
      setResult(await call(aiCoding, { query: { name } }));
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (code: string) => {
    if (!result) return;
    try {
      await call(confirmAiCoding, { body: { name: result.name, code } });
      toast.success(t('taxCodes.ai.confirmed'));
    } catch {
      // Shown by the shared client.
    }
  };

  return (
    <Card>
      <Space.Compact style={{ width: '100%', maxWidth: 720 }}>
        <Input
          maxLength={200}
          value={name}
          placeholder={t('taxCodes.ai.placeholder')}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={run}
        />
        <Button type="primary" loading={busy} onClick={run}>
          {t('taxCodes.ai.run')}
        </Button>
      </Space.Compact>
      {result && (
        <List
          style={{ marginTop: 16, maxWidth: 720 }}
          dataSource={result.suggestions}
          locale={{ emptyText: t('taxCodes.ai.none') }}
          renderItem={(s) => (
            <List.Item
              actions={
                canTeach
                  ? [
                      <Button key="ok" size="small" onClick={() => confirm(s.code)}>
                        {t('taxCodes.ai.confirm')}
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <span>
                    {s.name} <span style={{ color: '#999' }}>{s.code}</span>{' '}
                    {s.source === 'memory' && <Tag color="blue">{t('taxCodes.ai.memory')}</Tag>}
                    {s.vatRates && <Tag>{s.vatRates}</Tag>}
                  </span>
                }
                description={
                  <Space wrap>
                    <Progress percent={Math.round(s.confidence * 100)} size="small" style={{ width: 140 }} />
                    {s.matched.map((w) => (
                      <Tag key={w}>{w}</Tag>
                    ))}
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
