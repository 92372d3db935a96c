/**
 * The agent entry's API address and page, without zod: the light `apply` phone entry imports this file so a
 * phone does not download the contracts and zod; agent-entry.ts builds the full contract from the same address.
 */

/** Agent codes: base62, 20 characters (≈ 119 bits); anything else is unavailable. */
export const AGENT_CODE_RE = /^[0-9A-Za-z]{20}$/;

export const AGENT_API = {
  /** The agent code as the buyer sees it: its name and the companies it serves that invoice by scan now. */
  agent: { method: 'GET', path: '/api/public/self-service/agents/{code}' },
} as const;

/** The buyer's agent page (phone entry `apply`, routes in apply-pages-agent.ts). */
export const AGENT_PAGES = { tenants: '/allEleAgentTenant' } as const;

/** The address an agent code's QR carries (origin added by the server). */
export const agentPagePath = (code: string) => `${AGENT_PAGES.tenants}?c=${encodeURIComponent(code)}`;
