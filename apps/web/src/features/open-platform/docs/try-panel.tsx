import type { DocGroupReply, TryReply } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Form, Input, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { CodeBlock } from './code-block.tsx';
import { appsQuery, tryCall } from './docs-api.ts';
import { usePick } from './lang.ts';

interface Values {
  appId?: number;
  operation?: string;
  params?: string;
  query?: string;
  body?: string;
}

/** A JSON object typed in a text area ('' → undefined); throws a readable message on bad JSON. */
function parseJson(text: string | undefined, label: string): Record<string, unknown> | undefined {
  if (!text?.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(label);
  }
}

/**
 * 在线调试: pick an app of the company and an operation, fill path parameters, query and body as JSON, send. The
 * server signs with the app's secret and calls the real open route (the sandbox bureau); the page shows what was
 * sent, the string that was signed, the signature and the reply.
 */
export function TryPanel({ doc }: { doc: DocGroupReply }) {
  const { t } = useTranslation();
  const pick = usePick();
  const [form] = Form.useForm<Values>();
  const { data: apps } = useQuery(appsQuery);
  const [result, setResult] = useState<TryReply | null>(null);
  const [busy, setBusy] = useState(false);
  const operation = Form.useWatch('operation', form);
  const op = doc.operations.find((o) => o.operation === operation);

  const send = async (v: Values) => {
    if (!v.appId || !v.operation) return;
    let parts: Pick<Values, never> & { params?: object; query?: object; body?: unknown };
    try {
      parts = {
        params: parseJson(v.params, t('openDocs.try.badJson', { part: t('openDocs.part.params') })),
        query: parseJson(v.query, t('openDocs.try.badJson', { part: t('openDocs.part.query') })),
        body: parseJson(v.body, t('openDocs.try.badJson', { part: t('openDocs.part.body') })),
      };
    } catch (err) {
      toast.error((err as Error).message);
      return;
    }
    setBusy(true);
    try {
      setResult(
        await tryCall({
          appId: v.appId,
          operation: v.operation,
          ...(parts.params ? { params: parts.params as Record<string, string> } : {}),
          ...(parts.query ? { query: parts.query as Record<string, string> } : {}),
          ...(parts.body !== undefined ? { body: parts.body } : {}),
        }),
      );
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  if (apps && !apps.rows.length)
    return (
      <Card title={t('openDocs.try.title')} size="small">
        <Empty description={t('openDocs.try.noApp')} />
      </Card>
    );
  return (
    <Card title={t('openDocs.try.title')} size="small" data-testid="try-panel">
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('openDocs.try.hint')} />
      <Form<Values> form={form} layout="vertical" onFinish={send} name="try-it">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="appId"
              label={t('openDocs.try.app')}
              rules={[{ required: true, message: t('openDocs.try.pickApp') }]}
            >
              <Select
                data-testid="try-app"
                options={apps?.rows.map((a) => ({
                  value: a.id,
                  label: `${a.name} (${a.appKey})${a.state === 'enabled' ? '' : ` · ${t('openDocs.try.disabled')}`}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="operation"
              label={t('openDocs.operation')}
              rules={[{ required: true, message: t('openDocs.try.pickOperation') }]}
            >
              <Select
                data-testid="try-operation"
                showSearch
                optionFilterProp="label"
                options={doc.operations.map((o) => ({
                  value: o.operation,
                  disabled: !o.allowed,
                  label: `${o.operation} · ${o.method} ${o.path} — ${pick(o.summary)}`,
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        {op?.params && (
          <Form.Item name="params" label={t('openDocs.part.params')} extra={t('openDocs.try.paramsHint')}>
            <Input.TextArea rows={2} placeholder='{"id": 1}' />
          </Form.Item>
        )}
        {op?.query && (
          <Form.Item name="query" label={t('openDocs.part.query')}>
            <Input.TextArea rows={2} placeholder='{"page": 1, "limit": 10}' />
          </Form.Item>
        )}
        {op?.body && (
          <Form.Item name="body" label={t('openDocs.part.body')}>
            <Input.TextArea rows={8} data-testid="try-body" style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="try-send">
          {t('openDocs.try.send')}
        </Button>
      </Form>
      {result && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }} data-testid="try-result">
          <Typography.Title level={5}>
            {t('openDocs.try.response')}{' '}
            <Tag color={result.response.status < 300 ? 'green' : 'red'} data-testid="try-status">
              {result.response.status}
            </Tag>
            <Typography.Text type="secondary">{result.latencyMs} ms</Typography.Text>
          </Typography.Title>
          <CodeBlock value={result.response.body} testId="try-response" />
          <CodeBlock value={result.response.headers} />
          <Typography.Title level={5}>{t('openDocs.try.request')}</Typography.Title>
          <CodeBlock value={`${result.request.method} ${result.request.url}`} />
          <CodeBlock value={result.request.headers} testId="try-headers" />
          {result.request.body && <CodeBlock value={result.request.body} />}
          <Typography.Title level={5}>{t('openDocs.try.stringToSign')}</Typography.Title>
          <CodeBlock value={result.stringToSign} testId="try-string" />
          <Typography.Text>
            {t('openDocs.try.signature')}: <Typography.Text code>{result.signature}</Typography.Text>
          </Typography.Text>
        </Space>
      )}
    </Card>
  );
}
