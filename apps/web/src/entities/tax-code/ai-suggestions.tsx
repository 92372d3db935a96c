import type { CodingSuggestion } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Progress, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codingQuery } from './coding-query.ts';

/** Waits until typing pauses before asking the server (one request per pause, not per key). */
function useDebounced(value: string, ms = 400) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

/** 智能赋码: the top-3 tax codes for the typed name; clicking one fills tax code, 简称 and rates. */
export function AiSuggestions({
  name,
  chosen,
  onChoose,
}: {
  name: string;
  chosen?: string;
  onChoose: (s: CodingSuggestion) => void;
}) {
  const { t } = useTranslation();
  const debounced = useDebounced(name.trim());
  const { data, isFetching } = useQuery(codingQuery(debounced));
  if (!debounced) return <Typography.Text type="secondary">{t('aiCoding.typeName')}</Typography.Text>;
  if (isFetching && !data) return <Spin size="small" />;
  if (!data?.suggestions.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('aiCoding.none')} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={6}>
      {/* A calibrated low score or a close runner-up: the user should check before using the code. */}
      {data.lowConfidence && (
        <Alert
          type="warning"
          showIcon
          message={t('aiCoding.lowConfidence')}
          description={t('aiCoding.lowConfidenceHint')}
        />
      )}
      {data.suggestions.map((s) => (
        <Card
          key={s.code}
          size="small"
          hoverable
          onClick={() => onChoose(s)}
          style={s.code === chosen ? { borderColor: '#1677ff' } : undefined}
        >
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <span>
              <Typography.Text strong>{s.name}</Typography.Text>{' '}
              <Typography.Text type="secondary">{s.code}</Typography.Text> <Tag>{s.vatRates || '-'}</Tag>
              {s.source === 'memory' && <Tag color="green">{t('aiCoding.memory')}</Tag>}
            </span>
            <Progress type="circle" size={32} percent={Math.round(s.confidence * 100)} />
          </Space>
          {s.matched.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('aiCoding.matched', { words: s.matched.join('、') })}
            </Typography.Text>
          )}
        </Card>
      ))}
    </Space>
  );
}
