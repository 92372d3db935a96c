import type { ReviewRecordRow } from '@fpy/contracts';
import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format.ts';

type Event = ReviewRecordRow['events'][number];

const COLOUR: Partial<Record<Event['to'], string>> = {
  pending_review: 'blue',
  ready: 'green',
  issued: 'green',
  draft: 'gray',
  failed: 'red',
  void: 'gray',
};

/** An invoice's history, oldest first: when, who, the state change and its reason. */
export function EventTimeline({ events }: { events: Event[] }) {
  const { t } = useTranslation();
  return (
    <Timeline
      style={{ marginTop: 8, marginBottom: -16 }}
      items={events.map((e, i) => ({
        key: i,
        color: e.to === 'draft' && e.from === 'pending_review' ? 'red' : (COLOUR[e.to] ?? 'blue'),
        title: formatDateTime(e.at),
        content: (
          <>
            <Typography.Text strong>
              {e.from === null
                ? t('preopen.event.created', { actor: e.actorName ?? t('preopen.event.system') })
                : t('preopen.event.moved', {
                    from: t(`invoiceStatus.${e.from}`),
                    to: t(`invoiceStatus.${e.to}`),
                  })}
            </Typography.Text>
            {e.from !== null && (
              <Typography.Text type="secondary">
                {' '}
                · {e.actorName ?? t('preopen.event.system')}
                {e.ip ? ` (${e.ip})` : ''}
              </Typography.Text>
            )}
            {e.reason && <div>{e.reason}</div>}
          </>
        ),
      }))}
    />
  );
}
