import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackgroundTab } from './background-tab.tsx';
import JobsPage from './jobs-page.tsx';
import { SchedulesTab } from './schedules-tab.tsx';

/**
 * Spec §2.12 /baseManager/jobManager (任务管理): the outbox's tasks (外发任务, the first tab as before), the job
 * queue (后台任务) and the scheduled tasks (定时任务, issue 32 §3).
 */
export default function JobsTabsPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'outbox', label: t('jobs.tabs.outbox'), children: <JobsPage /> },
        { key: 'background', label: t('jobs.tabs.background'), children: <BackgroundTab /> },
        { key: 'schedules', label: t('jobs.tabs.schedules'), children: <SchedulesTab /> },
      ]}
    />
  );
}
