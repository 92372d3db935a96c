import type { DashboardCard } from '@fpy/contracts';
import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { FiguresCardView } from './figures-card.tsx';
import { InvoicesCardView } from './invoices-card.tsx';
import { TodosPanel } from './todos-card.tsx';
import { TrendCardView } from './trend-card.tsx';

type Kind = DashboardCard['kind'];
type Of<K extends Kind> = Extract<DashboardCard, { kind: K }>;

/** One renderer per kind, and how wide it sits on a large screen (24 = a full row). */
const RENDERERS: { [K in Exclude<Kind, 'todos'>]: { span: number; render: (card: Of<K>) => ReactNode } } = {
  figures: { span: 24, render: (card) => <FiguresCardView card={card} /> },
  invoices: { span: 14, render: (card) => <InvoicesCardView card={card} /> },
  trend: { span: 24, render: (card) => <TrendCardView card={card} /> },
};
const TODOS_SPAN = 10;

function renderCard(card: Exclude<DashboardCard, { kind: 'todos' }>): { span: number; node: ReactNode } {
  const r = RENDERERS[card.kind] as { span: number; render: (c: typeof card) => ReactNode };
  return { span: r.span, node: r.render(card) };
}

/**
 * Cards in the order the server sent them. The to-dos of every area become one panel where the first of them
 * stands, so a new area's to-do card joins it without any change here.
 */
export function CardGrid({ cards }: { cards: DashboardCard[] }) {
  const todos = cards.filter((c): c is Of<'todos'> => c.kind === 'todos');
  const cells: { key: string; span: number; node: ReactNode }[] = [];
  for (const card of cards) {
    if (card.kind === 'todos') {
      if (card === todos[0])
        cells.push({ key: 'todos', span: TODOS_SPAN, node: <TodosPanel cards={todos} /> });
      continue;
    }
    cells.push({ key: card.id, ...renderCard(card) });
  }
  return (
    <Row gutter={[16, 16]}>
      {cells.map((c) => (
        <Col key={c.key} xs={24} xl={c.span}>
          {c.node}
        </Col>
      ))}
    </Row>
  );
}
