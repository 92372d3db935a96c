import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/feedback.ts';

export function FullscreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => document.fullscreenElement !== null);

  useEffect(() => {
    const sync = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = async () => {
    if (!document.fullscreenEnabled) {
      // Spec §8 fixes this wording.
      toast.warning('you browser can not work');
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      toast.warning('you browser can not work');
    }
  };

  return (
    <Tooltip title={t(full ? 'shell.navbar.exitFullscreen' : 'shell.navbar.fullscreen')}>
      <Button
        type="text"
        aria-label={t('shell.navbar.fullscreen')}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
