/**
 * The phone entry `apply`'s routes owned by lane AGENT (issue 30 §2.3): the 代理商入口 page, listed only once it
 * works (apps/web/src/phone/apply/agent/). Zod-free: the light entry imports it.
 */
export const APPLY_PAGES_AGENT: readonly string[] = ['/allEleAgentTenant'];
