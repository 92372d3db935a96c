import type { getPublicAgent } from '@fpy/contracts';
import { AGENT_API } from '@fpy/contracts/agent-api';
import { BOARD_PAGES } from '@fpy/contracts/board-api';
import { lightCall, type LightReply } from '../../kit/http.ts';
import type { Lang } from '../../kit/i18n.ts';

/** The buyer's one agent call through the kit's light client (address from the zod-free contract). */
export type Agent = LightReply<typeof getPublicAgent>;
export type AgentTenant = Agent['tenants'][number];
export type AgentBoard = AgentTenant['boards'][number];

export const fetchAgent = (code: string, lang: Lang) =>
  lightCall<typeof getPublicAgent>(AGENT_API.agent, { params: { code }, lang });

/** A board opens the landing of its invoice kind: 全电 → /allEleCodeBoardPlat, standard → /enterpriseCodePlate. */
export const boardLanding = (b: Pick<AgentBoard, 'invoiceKind'>) =>
  b.invoiceKind === 'allEle' ? BOARD_PAGES.allElePlate : BOARD_PAGES.plate;

/** Companies whose name holds every word typed (case and spaces ignored). */
export function filterTenants(tenants: readonly AgentTenant[], query: string): AgentTenant[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...tenants];
  return tenants.filter((t) => {
    const name = t.name.toLowerCase();
    return words.every((w) => name.includes(w));
  });
}
