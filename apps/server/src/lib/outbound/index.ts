export { canonicalAddress, specialRange } from './addresses.ts';
export { type AllowList, parseAllowList } from './allow-list.ts';
export { OutboundBlocked, OutboundGuard } from './guard.ts';
export { guardedAgent, surfaceBlocked, withOutboundGuard } from './http-agent.ts';
