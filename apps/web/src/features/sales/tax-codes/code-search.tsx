import { useQuery } from '@tanstack/react-query';
import { Input, List, Tag } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchQuery } from './tax-codes-api.ts';

/** Code prefix, name, 简称, everyday word or pinyin initials (bjbdn → 笔记本电脑). */
export function CodeSearch({ onSelect }: { onSelect: (code: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const keyword = useDeferredValue(text.trim());
  const { data, isFetching } = useQuery(searchQuery(keyword));
  return (
    <>
      <Input.Search
        allowClear
        maxLength={64}
        placeholder={t('taxCodes.searchPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        loading={isFetching}
      />
      {keyword && (
        <List
          size="small"
          style={{ maxHeight: 520, overflow: 'auto', marginTop: 8 }}
          dataSource={data?.rows ?? []}
          header={t('taxCodes.found', { total: data?.total ?? 0 })}
          renderItem={(r) => (
            <List.Item style={{ cursor: 'pointer' }} onClick={() => onSelect(r.code)}>
              <span>
                {r.name} <span style={{ color: '#999' }}>{r.code}</span>{' '}
                {r.isSummary && <Tag>{t('taxCodes.summary')}</Tag>}
              </span>
            </List.Item>
          )}
        />
      )}
    </>
  );
}
