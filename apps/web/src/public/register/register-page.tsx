import { Button, Card, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PublicContainer } from '../public-container.tsx';
import { RegisterForm, type RegisterReply } from './register-form.tsx';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [done, setDone] = useState<{ reply: RegisterReply; username: string } | null>(null);

  return (
    <PublicContainer title={t('public.register.title')}>
      <Card style={{ width: '100%', maxWidth: 760 }}>
        {done ? (
          <Result
            status="success"
            title={t('public.register.submitted')}
            subTitle={t('public.register.submittedHint', {
              target: done.reply.maskedTarget,
              username: done.username,
            })}
            extra={
              <Button type="primary" onClick={() => navigate('/login')}>
                {t('public.register.toLogin')}
              </Button>
            }
          />
        ) : (
          <>
            <RegisterForm onDone={(reply, username) => setDone({ reply, username })} />
            <div style={{ marginTop: 16, textAlign: 'center' }}>
              {t('public.register.haveAccount')} <Link to="/login">{t('public.register.toLogin')}</Link>
            </div>
          </>
        )}
      </Card>
    </PublicContainer>
  );
}
