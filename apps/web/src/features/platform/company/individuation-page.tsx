import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { enterpriseLogo, enterpriseParameterQuery } from '../../../lib/enterprise.ts';
import { SESSION_KEY, useProfile } from '../../../lib/permission.tsx';
import { ImageUploadCard } from './image-upload-card.tsx';

/** Spec §2.11/§6 /individuation: a customised tenant's own logo (navbar) and title image. */
export default function IndividuationPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const queryClient = useQueryClient();
  // Only customised tenants reach this page (routes.ts), so the parameter call is always allowed.
  const parameter = useQuery(enterpriseParameterQuery);

  // The navbar logo and the profile both read these, so the whole session cache is refreshed.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [SESSION_KEY] });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <ImageUploadCard
          kind="logo"
          title={t('company.individuation.logo')}
          hint={t('company.individuation.logoHint')}
          current={enterpriseLogo(parameter.data) ?? profile?.logoUrl ?? null}
          onUploaded={refresh}
        />
      </Col>
      <Col xs={24} lg={12}>
        <ImageUploadCard
          kind="title"
          title={t('company.individuation.titleImage')}
          hint={t('company.individuation.titleHint')}
          current={parameter.data?.content?.titleImageUrl ?? profile?.titleImageUrl ?? null}
          onUploaded={refresh}
        />
      </Col>
    </Row>
  );
}
