import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Time left before the bureau voids a pending 确认单 (§6.1: 72 hours). Ticks every second; the list's own
 * refetch picks up the void state the scheduled job writes once it is past.
 */
export function DeadlineCountdown({ deadline }: { deadline: string | null }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (!deadline) return null;
  const left = Math.max(0, Math.floor((new Date(deadline).getTime() - now) / 1000));
  if (left === 0) return <Typography.Text type="danger">{t('redLetter.expired')}</Typography.Text>;
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  return (
    <Typography.Text type={h < 12 ? 'danger' : 'warning'} data-testid="red-countdown">
      {t('redLetter.countdown', { time: `${h}:${pad(m)}:${pad(left % 60)}` })}
    </Typography.Text>
  );
}
