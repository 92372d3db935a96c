import type { TaxCodeNode } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { childrenQuery } from './tax-codes-api.ts';

const toNode = (n: TaxCodeNode, summary: string, retired: string): DataNode => ({
  key: n.code,
  isLeaf: n.isLeaf,
  title: (
    <span>
      {n.name} <span style={{ color: '#999' }}>{n.code}</span> {n.isSummary && <Tag>{summary}</Tag>}
      {!n.enabled && <Tag color="red">{retired}</Tag>}
    </span>
  ),
});

/** The national tree, loaded one level at a time (spec §7 commodityCode/tree?pid=). */
export function CodeTree({ onSelect }: { onSelect: (code: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const top = useQuery(childrenQuery());
  const [loaded, setLoaded] = useState<Record<string, DataNode[]>>({});
  const label = (n: TaxCodeNode) => toNode(n, t('taxCodes.summary'), t('taxCodes.retired'));

  const attach = (nodes: DataNode[]): DataNode[] =>
    nodes.map((n) => (loaded[n.key as string] ? { ...n, children: attach(loaded[n.key as string]) } : n));

  return (
    <Tree
      showLine
      height={560}
      treeData={attach((top.data ?? []).map(label))}
      loadData={async (node) => {
        const code = node.key as string;
        if (loaded[code]) return;
        const children = await queryClient.fetchQuery(childrenQuery(code));
        setLoaded((prev) => ({ ...prev, [code]: children.map(label) }));
      }}
      onSelect={(keys) => keys[0] && onSelect(String(keys[0]))}
    />
  );
}
