import { OPENER_ROLES } from '@fpy/contracts';
import { Alert, Card, Col, Row, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../lib/permission.tsx';
import { IdentityCard } from './identity-card.tsx';
import { OpenerTable } from './opener-table.tsx';
import { SealCard } from './seal-card.tsx';

/** Spec §2.12 /outputInvoiceManager/openerSetup: drawers, payees and reviewers per department, the seal, and
 * 开票员身份认证 (the bureau's demand and the /validate link). */
export default function OpenerSetupPage() {
  const { t } = useTranslation();
  // The bureau asks a company's invoicer: a platform account (no company) has nobody to confirm.
  const ownCompany = useProfile()?.tenantId != null;
  return (
    <Row gutter={16}>
      <Col xs={24} xl={16}>
        <Card>
          <Alert
            type="info"
            showIcon
            message={t('invoiceSetup.opener.resolveHint')}
            style={{ marginBottom: 12 }}
          />
          <Tabs
            items={OPENER_ROLES.map((role) => ({
              key: role,
              label: t(`invoiceSetup.opener.roles.${role}`),
              children: <OpenerTable role={role} />,
            }))}
          />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <SealCard />
        {ownCompany && <IdentityCard />}
      </Col>
    </Row>
  );
}
