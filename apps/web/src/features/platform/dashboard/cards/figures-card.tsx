import type { DashboardCard, DashboardFigure } from '@fpy/contracts';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkTo, useCardText, valueText } from './card-text.ts';

type FiguresCard = Extract<DashboardCard, { kind: 'figures' }>;

/** The change against the previous period: the difference, and the ratio when there is a base to divide by. */
function Change({ figure }: { figure: DashboardFigure }) {
  const { t } = useTranslation();
  if (figure.previous === null) return null;
  const diff = figure.value - figure.previous;
  const pct = figure.previous !== 0 ? Math.round((diff / Math.abs(figure.previous)) * 1000) / 10 : null;
  const good = figure.lowerIsBetter ? diff < 0 : diff > 0;
  const type = diff === 0 ? 'secondary' : good ? 'success' : 'danger';
  return (
    <Typography.Text type={type} className="dashboard-change" data-testid="figure-change">
      {diff > 0 ? <ArrowUpOutlined /> : diff < 0 ? <ArrowDownOutlined /> : null}{' '}
      {t('dashboard.vsPrevious', {
        diff: `${diff > 0 ? '+' : ''}${valueText(figure.unit, diff)}`,
        previous: valueText(figure.unit, figure.previous),
      })}
      {pct !== null ? ` (${pct > 0 ? '+' : ''}${pct}%)` : ''}
    </Typography.Text>
  );
}

export function FiguresCardView({ card }: { card: FiguresCard }) {
  const text = useCardText(card.id);
  const { t } = useTranslation();
  const extra = card.period ? t('dashboard.period', card.period) : undefined;
  return (
    <Card title={text('title')} extra={extra} data-card={card.id}>
      <Row gutter={[16, 16]}>
        {card.figures.map((f) => {
          const title = text(f.key);
          return (
            <Col key={f.key} flex="1 1 180px" data-figure={f.key}>
              <Statistic
                title={f.link ? <Link to={linkTo(f.link)}>{title}</Link> : title}
                value={f.value}
                formatter={() => <span data-testid="figure-value">{valueText(f.unit, f.value)}</span>}
                prefix={f.unit === 'fen' ? '¥' : undefined}
              />
              <Change figure={f} />
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
