import type { MenuNode } from '@fpy/contracts';

/** Spec §4 sales-invoice group: pre-issue mode hides direct issuing, direct mode hides the pre-issue entries. */
const HIDDEN_BY_INVOICE_METHOD: Record<number, string[]> = {
  0: ['invoiceOpener'],
  1: ['preopenApplication', 'preopenAuditManager', 'preopenRecordManager'],
};
/** Spec §2.12: the 产品密钥 entry is reachable by permission but never listed. */
const NEVER_LISTED = new Set(['productKey']);

/**
 * The sidebar tree: hidden entries, the invoice-method rule and entries whose page this build does not have
 * (they would only lead to /404) are removed, then groups left empty.
 */
export function sidebarMenus(
  nodes: MenuNode[],
  invoiceMethod: number | null,
  hasPage: (path: string) => boolean,
): MenuNode[] {
  const hidden = new Set([...NEVER_LISTED, ...(HIDDEN_BY_INVOICE_METHOD[invoiceMethod ?? -1] ?? [])]);
  const walk = (list: MenuNode[], parents: MenuNode[]): MenuNode[] =>
    list.flatMap((n) => {
      if (n.hidden || hidden.has(n.code) || n.title === '产品密钥') return [];
      if (n.children.length === 0 && !hasPage(menuPath(n, parents))) return [];
      const children = walk(n.children, [...parents, n]);
      // A group whose every child was removed would open onto nothing.
      if (n.children.length > 0 && children.length === 0) return [];
      return [{ ...n, children }];
    });
  return walk(nodes, []);
}

/** Spec §2.12 link form /{top}/{child}[/{grandchild}] when the server gives no path. */
export function menuPath(node: MenuNode, parents: MenuNode[]): string {
  return node.path ?? `/${[...parents, node].map((n) => n.code).join('/')}`;
}

/** The chain of menu codes leading to the node whose link is `pathname`, for opening the right submenu. */
export function menuTrail(
  nodes: MenuNode[],
  pathname: string,
  parents: MenuNode[] = [],
): string[] | undefined {
  for (const node of nodes) {
    if (node.children.length === 0 && menuPath(node, parents) === pathname)
      return [...parents, node].map((n) => n.code);
    const found = menuTrail(node.children, pathname, [...parents, node]);
    if (found) return found;
  }
  return undefined;
}
