import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Descriptions, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { detailQuery } from './tax-codes-api.ts';

/** Rates, 简称, description and whether the code may appear on an invoice line. */
export function CodeDetail({ code }: { code: string | null }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery(detailQuery(code));
  if (!code) return <Empty description={t('taxCodes.pickOne')} />;
  if (isLoading || !data) return <Skeleton active />;
  return (
    <>
      <Breadcrumb items={data.path.map((p) => ({ title: p.name }))} style={{ marginBottom: 12 }} />
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('taxCodes.fields.code')}>{data.code}</Descriptions.Item>
        <Descriptions.Item label={t('taxCodes.fields.name')}>{data.name}</Descriptions.Item>
        <Descriptions.Item label={t('taxCodes.fields.shortName')}>{data.shortName}</Descriptions.Item>
        <Descriptions.Item label={t('taxCodes.fields.rates')}>
          {data.rates.length ? data.rates.map((r) => <Tag key={r}>{r}</Tag>) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('taxCodes.fields.status')}>
          {data.usable ? (
            <Tag color="green">{t('taxCodes.usable')}</Tag>
          ) : (
            <Tag color="orange">
              {!data.enabled
                ? t('taxCodes.retired')
                : data.isSummary
                  ? t('taxCodes.summaryHint')
                  : t('taxCodes.notLeaf')}
            </Tag>
          )}
          {data.isLeaf ? t('taxCodes.leaf') : t('taxCodes.branch')}
        </Descriptions.Item>
        <Descriptions.Item label={t('taxCodes.fields.description')}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{data.description || '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('taxCodes.fields.version')}>{data.version}</Descriptions.Item>
      </Descriptions>
    </>
  );
}
