import { isPlatformAccount, TenantType } from '@fpy/domain';
import type { MenuNode } from './platform/profile.ts';

/** What decides whether an account has a layout page: the §3 flags of the signed-in user. */
export interface LayoutAccount {
  isSuperAdmin: number;
  tenantType: number | null;
  /** Whether the account's groups grant a menu code (a layout page over granted pages follows them). */
  granted?: (code: string) => boolean;
}

export interface LayoutMenuDef {
  code: string;
  zh: string;
  en: string;
  icon: string;
  /** Reached from the navbar's avatar dropdown, not listed in the sidebar. */
  hidden: boolean;
  /** Absent: every signed-in account has the page. */
  shownTo?: (account: LayoutAccount) => boolean;
  /**
   * A §2.12 group that also lists the page as its child (`/{group}/{code}`): /receiptsInvoice names
   * receiptsOperation among its children, the same page as the layout's /receiptsOperation under the same
   * authority key. Listed there only when the account has the page and is served the group.
   */
  alsoIn?: string;
}

/**
 * Spec §2.11: the pages of the main layout every signed-in user has, whatever the groups grant. They are not
 * permissions (never stored, granted or edited in 菜单管理): the menu endpoint adds them to every account's tree,
 * first, by the rules below, so the console reaches them by the same menu rule as every other page.
 * /receiptsOperation (勾选确认, issue 31 lane DEDUCT): the company's deduction periods at a glance, for company
 * accounts granted 发票勾选 or 统计确认 (a platform account has no periods).
 */
export const layoutMenus: readonly LayoutMenuDef[] = [
  { code: 'dashboard', zh: '首页', en: 'Dashboard', icon: 'DashboardOutlined', hidden: false },
  {
    code: 'personalInformation',
    zh: '安全设置',
    en: 'Security settings',
    icon: 'SafetyOutlined',
    hidden: true,
  },
  {
    code: 'companyCenter',
    zh: '基本信息',
    en: 'Basic information',
    icon: 'IdcardOutlined',
    hidden: true,
    // Platform accounts belong to no company.
    shownTo: (a) => !isPlatformAccount(a.isSuperAdmin),
  },
  {
    code: 'individuation',
    zh: '个性化',
    en: 'Personalisation',
    icon: 'SettingOutlined',
    hidden: true,
    shownTo: (a) => a.tenantType === TenantType.Customised,
  },
  {
    code: 'receiptsOperation',
    zh: '勾选确认',
    en: 'Deduction overview',
    icon: 'AuditOutlined',
    hidden: false,
    alsoIn: 'receiptsInvoice',
    // An overview of 发票勾选 and 统计确认: for the company accounts granted either (a clerk without them would
    // meet a page of refusals).
    shownTo: (a) =>
      !isPlatformAccount(a.isSuperAdmin) && !!(a.granted?.('checkAuthority') || a.granted?.('confirmPwd')),
  },
];

/**
 * The served tree with the account's layout pages added to the §2.12 groups that also list them (`alsoIn`): a
 * child node at /{group}/{code}, last in the group. A group the account is not served gets nothing.
 */
export function withLayoutChildren(tree: MenuNode[], layout: readonly MenuNode[]): MenuNode[] {
  const had = new Set(layout.map((n) => n.code));
  return tree.map((group) => {
    const extra = layoutMenus
      .filter((m) => m.alsoIn === group.code && had.has(m.code))
      .map((m) => ({
        code: m.code,
        title: m.zh,
        titleEn: m.en,
        icon: m.icon,
        path: `/${group.code}/${m.code}`,
        hidden: false,
        children: [],
      }));
    return extra.length ? { ...group, children: [...group.children, ...extra] } : group;
  });
}

/** The layout pages of one account, as menu nodes (path /{code}). */
export function layoutMenuNodes(account: LayoutAccount): MenuNode[] {
  return layoutMenus
    .filter((m) => !m.shownTo || m.shownTo(account))
    .map((m) => ({
      code: m.code,
      title: m.zh,
      titleEn: m.en,
      icon: m.icon,
      path: `/${m.code}`,
      hidden: m.hidden,
      children: [],
    }));
}
