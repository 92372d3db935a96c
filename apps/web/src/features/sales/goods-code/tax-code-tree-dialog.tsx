import { type TaxCodeNode, taxCodeListByPid } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Input, List, Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/http.ts';
import { AppModal } from '../../../lib/modal.tsx';
import { treeLevelQuery } from './goods-api.ts';

interface Node extends TreeDataNode {
  key: string;
  node: TaxCodeNode;
  children?: Node[];
}

/** Only an enabled leaf that is not a 汇总项 may go on an invoice line (the server refuses the rest). */
export const usable = (n: TaxCodeNode) => n.isLeaf && !n.isSummary && n.enabled;

const toNode = (n: TaxCodeNode): Node => ({
  key: n.code,
  node: n,
  title: `${n.name}（${n.code}）`,
  isLeaf: n.isLeaf,
  disabled: !n.enabled,
  selectable: usable(n),
});

function attach(nodes: Node[], key: string, children: Node[]): Node[] {
  return nodes.map((n) =>
    n.key === key
      ? { ...n, children }
      : n.children
        ? { ...n, children: attach(n.children, key, children) }
        : n,
  );
}

/**
 * The national tax-code tree, one level loaded per expansion (spec §3: the goods-code dialog's tree), with a
 * search over the whole table. Picking a usable code closes the dialog.
 */
export function TaxCodeTreeDialog({
  open,
  width,
  onPick,
  onClose,
}: {
  open: boolean;
  width: number;
  onPick: (n: TaxCodeNode) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [tree, setTree] = useState<Node[]>([]);
  const [keyword, setKeyword] = useState('');
  const roots = useQuery({ ...treeLevelQuery(null), enabled: open });
  const found = useQuery({
    queryKey: ['goods', 'tree-search', keyword],
    queryFn: () => call(taxCodeListByPid, { query: { keyword, usableOnly: 'true', limit: 50 } }),
    enabled: open && keyword.length > 0,
  });

  useEffect(() => {
    if (roots.data) setTree(roots.data.map(toNode));
  }, [roots.data]);

  const loadData = async (n: Node) => {
    if (n.children || n.isLeaf) return;
    const children = await qc.fetchQuery(treeLevelQuery(n.key));
    setTree((prev) => attach(prev, n.key, children.map(toNode)));
  };

  return (
    <AppModal
      open={open}
      width={width}
      title={t('goodsCode.tree.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        placeholder={t('goodsCode.tree.searchHint')}
        onSearch={(v) => setKeyword(v.trim())}
        style={{ marginBottom: 12 }}
      />
      {keyword ? (
        <List
          size="small"
          loading={found.isFetching}
          style={{ maxHeight: 420, overflow: 'auto' }}
          dataSource={found.data?.rows ?? []}
          renderItem={(n) => (
            <List.Item style={{ cursor: 'pointer' }} onClick={() => onPick(n)}>
              <Typography.Text>{n.name}</Typography.Text>
              <Typography.Text type="secondary">
                {n.code} <Tag>{n.vatRates || '-'}</Tag>
              </Typography.Text>
            </List.Item>
          )}
        />
      ) : (
        <div style={{ maxHeight: 460, overflow: 'auto' }}>
          <Tree<Node>
            treeData={tree}
            loadData={loadData}
            onSelect={(_keys, info) => usable(info.node.node) && onPick(info.node.node)}
          />
        </div>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('goodsCode.tree.leafOnly')}
      </Typography.Paragraph>
    </AppModal>
  );
}
