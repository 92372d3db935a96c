import type { DashboardCard, TodoItem } from '@fpy/contracts';
import { Badge, Card, List, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, relativeTime } from '../../../../lib/format.ts';
import { linkTo, useCardText, valueText } from './card-text.ts';

type TodosCard = Extract<DashboardCard, { kind: 'todos' }>;

const BADGE = { normal: 'default', warning: 'warning', danger: 'error' } as const;

function Deadline({ at }: { at: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={formatDateTime(at)}>
      <Typography.Text type="secondary">
        {t('dashboard.deadline', { when: relativeTime(at) })}
      </Typography.Text>
    </Tooltip>
  );
}

function TodoRow({ cardId, item }: { cardId: string; item: TodoItem }) {
  const text = useCardText(cardId);
  const { t } = useTranslation();
  const label = text(item.key);
  return (
    <List.Item
      data-todo={item.key}
      extra={
        <Typography.Text strong data-testid="todo-value" type={item.tone === 'danger' ? 'danger' : undefined}>
          {item.unit === 'fen' ? `¥${valueText(item.unit, item.value)}` : valueText(item.unit, item.value)}
        </Typography.Text>
      }
    >
      <List.Item.Meta
        title={
          <span>
            <Badge status={BADGE[item.tone]} />{' '}
            {item.link ? <Link to={linkTo(item.link)}>{label}</Link> : label}
          </span>
        }
        description={
          item.value > 0 && item.deadline ? (
            <span>
              <Deadline at={item.deadline} />
              {item.entries?.length ? (
                <Typography.Text type="secondary">
                  {' · '}
                  {t('dashboard.entries', { list: item.entries.map((e) => e.label).join('、') })}
                </Typography.Text>
              ) : null}
            </span>
          ) : null
        }
      />
    </List.Item>
  );
}

/** Every area's to-dos in one panel: each registered todos card adds its items, in registration order. */
export function TodosPanel({ cards }: { cards: TodosCard[] }) {
  const { t } = useTranslation();
  const rows = cards.flatMap((c) => c.items.map((item) => ({ cardId: c.id, item })));
  return (
    <Card title={t('dashboard.todos')} data-card="todos">
      <List
        size="small"
        dataSource={rows}
        locale={{ emptyText: t('dashboard.noTodos') }}
        renderItem={(r) => <TodoRow key={`${r.cardId}.${r.item.key}`} cardId={r.cardId} item={r.item} />}
      />
    </Card>
  );
}
