import { OPEN_HEADERS, OPEN_SIGNING_EXAMPLES } from '@fpy/contracts';
import { Card, Descriptions, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from './code-block.tsx';
import { usePick } from './lang.ts';

/** 签名指南: both ways to authenticate, the string to sign, and CORE's worked examples (contracts data). */
export function SigningGuide() {
  const { t } = useTranslation();
  const pick = usePick();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('openDocs.guide.hmacTitle')} size="small">
        <Steps
          direction="vertical"
          size="small"
          current={-1}
          items={[1, 2, 3, 4].map((n) => ({ title: t(`openDocs.guide.step${n}`) }))}
        />
        <CodeBlock
          testId="string-to-sign-format"
          value={
            'stringToSign = METHOD + "\\n" + path + "\\n" + canonicalQuery + "\\n" + hex(sha256(body)) + "\\n" + timestamp + "\\n" + nonce\n' +
            `${OPEN_HEADERS.signature} = hex(HMAC-SHA256(appSecret, stringToSign))`
          }
        />
        <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
          {(['appKey', 'timestamp', 'nonce', 'signature', 'tenantTaxNo', 'enterpriseId'] as const).map(
            (k) => (
              <Descriptions.Item key={k} label={<Typography.Text code>{OPEN_HEADERS[k]}</Typography.Text>}>
                {t(`openDocs.guide.header.${k}`)}
              </Descriptions.Item>
            ),
          )}
        </Descriptions>
      </Card>
      <Card title={t('openDocs.guide.tokenTitle')} size="small">
        <Typography.Paragraph>{t('openDocs.guide.token')}</Typography.Paragraph>
        <CodeBlock
          value={
            'POST /api/auth/oauth/token\nAuthorization: Basic base64(appKey:appSecret)\nContent-Type: application/x-www-form-urlencoded\n\ngrant_type=client_credentials\n\n→ { "access_token": "…", "token_type": "bearer", "expires_in": 7200 }\n\nGET /openapi/v1/invoices?page=1\nAuthorization: Bearer <access_token>'
          }
        />
      </Card>
      {OPEN_SIGNING_EXAMPLES.map((ex) => (
        <Card
          key={ex.url + ex.method}
          title={`${t('openDocs.guide.example')} · ${pick(ex.title)}`}
          size="small"
        >
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="appKey">{ex.appKey}</Descriptions.Item>
            <Descriptions.Item label="appSecret">{ex.appSecret}</Descriptions.Item>
            <Descriptions.Item label={t('openDocs.guide.request')}>
              <Typography.Text code>
                {ex.method} {ex.url}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="timestamp / nonce">
              {ex.timestamp} / {ex.nonce}
            </Descriptions.Item>
            <Descriptions.Item label="canonicalQuery">{ex.canonicalQuery || '""'}</Descriptions.Item>
            <Descriptions.Item label="sha256(body)">{ex.bodySha256}</Descriptions.Item>
          </Descriptions>
          {ex.body && <CodeBlock value={ex.body} maxHeight={120} />}
          <Typography.Text strong>{t('openDocs.try.stringToSign')}</Typography.Text>
          <CodeBlock value={ex.stringToSign} />
          <Typography.Text>
            {t('openDocs.try.signature')}:{' '}
            <Typography.Text code copyable>
              {ex.signature}
            </Typography.Text>
          </Typography.Text>
          <CodeBlock value={`printf '%s' "$STRING_TO_SIGN" | openssl dgst -sha256 -hmac "${ex.appSecret}"`} />
        </Card>
      ))}
    </Space>
  );
}
