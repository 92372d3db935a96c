import { Button, Card, Result, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublicContainer } from '../public-container.tsx';
import { RequestCodeStep } from './request-code-step.tsx';
import { ResetStep } from './reset-step.tsx';

export interface CodeRequest {
  username: string;
  target: string;
}

/** Spec §2.1/§7: username + phone or e-mail → code → new password twice. */
export default function ForgetPwdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [request, setRequest] = useState<CodeRequest | null>(null);
  const [finished, setFinished] = useState(false);
  const step = finished ? 2 : request ? 1 : 0;

  return (
    <PublicContainer title={t('public.forgetPwd.title')}>
      <Card style={{ width: '100%', maxWidth: 520 }}>
        <Steps
          current={step}
          size="small"
          style={{ marginBottom: 24 }}
          items={[
            { title: t('public.forgetPwd.stepAccount') },
            { title: t('public.forgetPwd.stepReset') },
            { title: t('public.forgetPwd.stepDone') },
          ]}
        />
        {step === 0 && <RequestCodeStep onSent={setRequest} />}
        {step === 1 && request && (
          <ResetStep request={request} onBack={() => setRequest(null)} onDone={() => setFinished(true)} />
        )}
        {step === 2 && (
          <Result
            status="success"
            title={t('public.forgetPwd.success')}
            extra={
              <Button type="primary" onClick={() => navigate('/login')}>
                {t('public.register.toLogin')}
              </Button>
            }
          />
        )}
      </Card>
    </PublicContainer>
  );
}
