import { batchAiCoding } from '@fpy/contracts';
import { Card, Col, Row, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/permission.tsx';
import { AiCodingPanel } from './ai-coding-panel.tsx';
import { BatchCodingPanel } from './batch-coding-panel.tsx';
import { CodeDetail } from './code-detail.tsx';
import { CodeSearch } from './code-search.tsx';
import { CodeTree } from './code-tree.tsx';
import { TableSync } from './table-sync.tsx';

/** /outputInvoiceManager/taxClassCode: browse and search the national tree; AI-assisted coding. */
export default function TaxClassCodePage() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  const canBatch = useCan(batchAiCoding.permission);
  const browse = (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <Card title={t('taxCodes.tree')} extra={<TableSync />}>
          <CodeSearch onSelect={setSelected} />
          <div style={{ marginTop: 12 }}>
            <CodeTree onSelect={setSelected} />
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('taxCodes.detail')}>
          <CodeDetail code={selected} />
        </Card>
      </Col>
    </Row>
  );
  return (
    <Tabs
      items={[
        { key: 'browse', label: t('taxCodes.tabs.browse'), children: browse },
        { key: 'ai', label: t('taxCodes.tabs.ai'), children: <AiCodingPanel /> },
        // Batch jobs change the company's coding memory: only for holders of 智能赋码.
        ...(canBatch
          ? [{ key: 'batch', label: t('taxCodes.tabs.batch'), children: <BatchCodingPanel /> }]
          : []),
      ]}
    />
  );
}
