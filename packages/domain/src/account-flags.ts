/**
 * Account and tenant flags of spec §3/§6. The spec fixes the special values; the rest is our design.
 */

/** tenants.tenant_type */
export const TenantType = {
  /** An ordinary enterprise using the console for its own invoices. */
  Enterprise: 1,
  /** An agent (代理商 / third-party) that serves client enterprises; its clients point to it via parent_id. */
  Agent: 2,
  /** A client enterprise managed by an agent tenant. */
  AgentClient: 3,
  /** A group (集团) enterprise whose subsidiaries are separate tenants. */
  Group: 4,
  /** A customised enterprise: own logo and title image in the navbar, and the 个性化 page (spec §6). */
  Customised: 5,
} as const;
export type TenantTypeValue = (typeof TenantType)[keyof typeof TenantType];

/** users.is_super_admin */
export const SuperAdmin = {
  /** A normal user of a tenant. */
  None: 0,
  /** The administrator of one tenant: holds every menu granted to that tenant. */
  TenantAdmin: 1,
  /** Platform super administrator, no company: every menu, every tenant; no 基本信息 entry (spec §2.11). */
  Platform: 2,
  /** Platform operator, no company: platform menus granted by group; no 基本信息 entry. */
  PlatformOperator: 3,
} as const;

export function isPlatformAccount(isSuperAdmin: number): boolean {
  return isSuperAdmin === SuperAdmin.Platform || isSuperAdmin === SuperAdmin.PlatformOperator;
}

/** users.is_inside_user: 1 = our own staff (sees the 综合业务管理 link), 0 = customer staff. */
export const InsideUser = { No: 0, Yes: 1 } as const;

/** tenants.invoice_method: how sales invoices are issued (spec §4 sidebar rule). */
export const InvoiceMethod = {
  /** Pre-issue: sales staff apply, finance audits, approval issues (预开管理; 发票开具 hidden). */
  PreIssue: 0,
  /** Direct issuing from the 发票开具 form (预开管理 hidden). */
  Direct: 1,
} as const;

/** users.status and tenants.status */
export const RecordStatus = { Disabled: 0, Active: 1 } as const;
