import { codeRulesMeta } from '@fpy/resources';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import { Can } from '../../../lib/permission.tsx';
import { ApplyDialog } from './apply-dialog.tsx';

/**
 * Spec §2.12 /receiptsInvoice/codeUpdate (商品编码更新): the company's 入账编码规则 — a received line's 税收分类简称
 * or a keyword of its name (optionally for one supplier) → 入账科目 and 物料编码 — and 批量更新编码, which applies
 * them to the lines already received after a preview.
 */
export default function CodeUpdatePage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('codeUpdate.intro')} />
      <ResourcePage
        meta={codeRulesMeta}
        extra={
          <Can code="codeUpdate:btn_apply">
            <Button type="primary" onClick={() => setOpen(true)}>
              {t('codeUpdate.apply')}
            </Button>
          </Can>
        }
      />
      <ApplyDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
