import { OPEN_DOCS_VIEWER_PATH } from '@fpy/contracts';
import { Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeliveryLog } from './delivery-log.tsx';
import { GroupDocs } from './product-pages.tsx';
import { SigningGuide } from './signing-guide.tsx';
import { WebhookGuide } from './webhook-guide.tsx';

/**
 * /developerOptions/openPlatForm (开放平台接入): the signing guide with the worked examples, webhooks (events,
 * payloads, verification) and their delivery log, the open OpenAPI document in swagger-ui (framed from its stable
 * URL only when the tab opens: never in the console's bundle), and the platform's own APIs with try-it.
 */
export default function OpenPlatformPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('guide');
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'guide', label: t('openDocs.tabs.guide'), children: <SigningGuide /> },
          { key: 'webhooks', label: t('openDocs.tabs.webhooks'), children: <WebhookGuide /> },
          { key: 'deliveries', label: t('openDocs.tabs.deliveries'), children: <DeliveryLog /> },
          {
            key: 'reference',
            label: t('openDocs.tabs.reference'),
            children: (
              <>
                <Typography.Paragraph>
                  {t('openDocs.referenceHint')}{' '}
                  <Typography.Link href={OPEN_DOCS_VIEWER_PATH} target="_blank">
                    {OPEN_DOCS_VIEWER_PATH}
                  </Typography.Link>
                </Typography.Paragraph>
                <iframe
                  title={t('openDocs.tabs.reference')}
                  src={OPEN_DOCS_VIEWER_PATH}
                  data-testid="openapi-viewer"
                  style={{ width: '100%', height: '75vh', border: 0 }}
                />
              </>
            ),
          },
          { key: 'apis', label: t('openDocs.tabs.apis'), children: <GroupDocs group="open-platform" /> },
        ]}
      />
    </Card>
  );
}
