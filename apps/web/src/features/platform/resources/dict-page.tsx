import { dictItemsMeta, dictTypesMeta } from '@fpy/resources';
import { Col, Empty, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dictKeys, type ResourceRow } from '../../../crud/query-keys.ts';
import { ResourcePage } from '../../../crud/resource-page.tsx';

/**
 * Dictionaries: types on the left, the items of the selected type on the right. Changes also refresh the
 * cached select options every form reads (GET /api/admin/dict/{typeCode}).
 */
export default function DictPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<ResourceRow | null>(null);
  return (
    <Row gutter={16}>
      <Col xs={24} xl={10}>
        <ResourcePage
          meta={dictTypesMeta}
          selectedId={type?.id}
          onRowClick={setType}
          invalidates={[dictKeys.all]}
        />
      </Col>
      <Col xs={24} xl={14}>
        <ResourcePage
          // A fresh page (paging, search) per type.
          key={type?.id ?? 'none'}
          meta={dictItemsMeta}
          fixed={type ? { typeId: type.id } : undefined}
          invalidates={[dictKeys.all]}
          title={
            type
              ? `${t('resource.dictItems.title')}：${String(type.name)}（${String(type.code)}）`
              : undefined
          }
          placeholder={type ? undefined : <Empty description={t('dictPage.selectType')} />}
        />
      </Col>
    </Row>
  );
}
