import { smsRechargesMeta } from '@fpy/resources';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import { Can } from '../../../lib/permission.tsx';
import { RechargeDialog } from './recharge-dialog.tsx';
import { useIsPlatform } from './sms-api.ts';

/**
 * 充值记录 (/smsMessage/rechargeRecord): the recharges (a company sees its own), filterable and exportable; a
 * platform account records a new one here.
 */
export default function RechargePage() {
  const { t } = useTranslation();
  const platform = useIsPlatform();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ResourcePage
        meta={smsRechargesMeta}
        extra={
          platform && (
            <Can code="rechargeRecord:btn_add">
              <Button type="primary" onClick={() => setOpen(true)}>
                {t('smsAdmin.recharge.action')}
              </Button>
            </Can>
          )
        }
      />
      {open && <RechargeDialog onClose={() => setOpen(false)} />}
    </>
  );
}
