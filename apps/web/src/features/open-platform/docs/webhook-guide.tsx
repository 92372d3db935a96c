import { useQuery } from '@tanstack/react-query';
import { Card, Collapse, Descriptions, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from './code-block.tsx';
import { webhooksQuery } from './docs-api.ts';
import { usePick } from './lang.ts';

const VERIFY = `// Node.js: verify before trusting a delivery; de-duplicate on the event id
const crypto = require('node:crypto');
function verify(appSecret, headers, rawBody) {
  const ts = headers['x-fpy-timestamp'];
  const expected = crypto.createHmac('sha256', appSecret).update(ts + '.' + rawBody).digest('hex');
  const given = String(headers['x-fpy-signature'] || '');
  return given.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected)) &&
    Math.abs(Date.now() / 1000 - Number(ts)) < 300;
}`;

/** Webhook 说明: events, headers, signature, retries, and a signed sample per event (made by the sending code). */
export function WebhookGuide() {
  const { t } = useTranslation();
  const pick = usePick();
  const { data } = useQuery(webhooksQuery);
  if (!data) return <Skeleton active />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('openDocs.hooks.title')} size="small">
        <Typography.Paragraph>{t('openDocs.hooks.intro')}</Typography.Paragraph>
        <Descriptions size="small" column={1} bordered>
          {Object.entries(data.headers).map(([k, v]) => (
            <Descriptions.Item key={k} label={<Typography.Text code>{v}</Typography.Text>}>
              {t(`openDocs.hooks.header.${k}`)}
            </Descriptions.Item>
          ))}
        </Descriptions>
        <Typography.Paragraph style={{ marginTop: 12 }}>
          {t('openDocs.hooks.retry', {
            base: data.retry.baseSeconds,
            max: Math.round(data.retry.maxDelaySeconds / 60),
            hours: data.retry.horizonHours,
          })}
        </Typography.Paragraph>
        <CodeBlock value={VERIFY} />
      </Card>
      <Card title={t('openDocs.hooks.samples', { secret: data.secret })} size="small">
        <Collapse
          data-testid="webhook-samples"
          items={data.events.map((e) => ({
            key: e.type,
            label: (
              <Space>
                <Typography.Text code>{e.type}</Typography.Text>
                {pick(e.text)}
              </Space>
            ),
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <CodeBlock value={e.headers} />
                <CodeBlock value={JSON.parse(e.body)} />
              </Space>
            ),
          }))}
        />
      </Card>
    </Space>
  );
}
