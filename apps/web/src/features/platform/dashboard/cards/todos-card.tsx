import type { DashboardCard, TodoItem } from '@fpy/contracts';
import { Badge, Card, Tooltip, Typography, theme } from 'antd';
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

function TodoRow({ cardId, item, border }: { cardId: string; item: TodoItem; border: string }) {
  const text = useCardText(cardId);
  const { t } = useTranslation();
  const label = text(item.key);
  return (
    <li data-todo={item.key} style={{ ...row, borderBottom: `1px solid ${border}` }}>
      <div style={{ minWidth: 0 }}>
        <div>
          <Badge status={BADGE[item.tone]} />{' '}
          {item.link ? <Link to={linkTo(item.link)}>{label}</Link> : label}
        </div>
        {item.value > 0 && item.deadline ? (
          <div>
            <Deadline at={item.deadline} />
            {item.entries?.length ? (
              <Typography.Text type="secondary">
                {' · '}
                {t('dashboard.entries', { list: item.entries.map((e) => e.label).join('、') })}
              </Typography.Text>
            ) : null}
          </div>
        ) : null}
      </div>
      <Typography.Text strong data-testid="todo-value" type={item.tone === 'danger' ? 'danger' : undefined}>
        {item.unit === 'fen' ? `¥${valueText(item.unit, item.value)}` : valueText(item.unit, item.value)}
      </Typography.Text>
    </li>
  );
}

const row = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: 16,
  padding: '8px 0',
} as const;

/** Every area's to-dos in one panel: each registered todos card adds its items, in registration order. */
export function TodosPanel({ cards }: { cards: TodosCard[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const rows = cards.flatMap((c) => c.items.map((item) => ({ cardId: c.id, item })));
  return (
    <Card title={t('dashboard.todos')} data-card="todos">
      {/* A plain list: antd's List brings Pagination and with it Select, ~35 KB gzip on the home page. */}
      {rows.length ? (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((r) => (
            <TodoRow
              key={`${r.cardId}.${r.item.key}`}
              cardId={r.cardId}
              item={r.item}
              border={token.colorSplit}
            />
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">{t('dashboard.noTodos')}</Typography.Text>
      )}
    </Card>
  );
}
