import { codeBoardControls, type Db } from '@fpy/db';
import { eq } from 'drizzle-orm';

export interface BoardControls {
  enabled: boolean;
  autoApproveAllowed: boolean;
  /** 0 = no ceiling. */
  maxCapFen: number;
  /** 0 = no daily limit per board. */
  dailyRequests: number;
}

/** Without a row a company's boards are on, may auto-approve, with no ceiling and no daily limit. */
export const DEFAULT_CONTROLS: BoardControls = {
  enabled: true,
  autoApproveAllowed: true,
  maxCapFen: 0,
  dailyRequests: 0,
};

/** The company's 码牌管控 settings. */
export async function controlsOf(db: Db, tenantId: number): Promise<BoardControls> {
  const [row] = await db
    .select()
    .from(codeBoardControls)
    .where(eq(codeBoardControls.tenantId, tenantId))
    .limit(1);
  return row
    ? {
        enabled: row.enabled,
        autoApproveAllowed: row.autoApproveAllowed,
        maxCapFen: row.maxCapFen,
        dailyRequests: row.dailyRequests,
      }
    : DEFAULT_CONTROLS;
}

/** A board's cap as the buyer meets it: its own, lowered to the company's ceiling when there is one. */
export const effectiveCap = (capFen: number, c: BoardControls) =>
  c.maxCapFen > 0 ? Math.min(capFen, c.maxCapFen) : capFen;
