import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { callLazy } from '../lib/http.ts';
import { AppModal } from '../lib/modal.tsx';
import { SESSION_KEY } from '../lib/permission.tsx';

const DISMISSED_KEY = 'unsafePasswordDismissed';

/** An initial, reset, weak or expired password is nudged towards /personalInformation once per session. */
export function UnsafePasswordPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1');
  const { data } = useQuery({
    queryKey: [SESSION_KEY, 'unsafeUser'],
    queryFn: () => callLazy('unsafeUser', { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, '1');
    setDismissed(true);
  };

  const open = Boolean(data?.unsafe) && !dismissed && pathname !== '/personalInformation';
  return (
    <AppModal
      open={open}
      closable={false}
      title={t('shell.unsafe.title')}
      okText={t('shell.unsafe.change')}
      cancelText={t('shell.unsafe.later')}
      onOk={() => {
        dismiss();
        navigate('/personalInformation');
      }}
      onCancel={dismiss}
    >
      {t(`shell.unsafe.reason.${data?.reason ?? 'weak'}`)}
    </AppModal>
  );
}
