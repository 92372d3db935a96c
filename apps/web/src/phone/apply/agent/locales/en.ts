import type { AgentKey } from './zh.ts';

const en: Record<AgentKey, string> = {
  'agent.title': 'Choose the company',
  'agent.nocode.title': 'Please scan the service desk QR code again',
  'agent.nocode.text':
    'This page opens from the invoice QR code put up by the agent or the service desk. Scan that code again with your phone, or scan the code board at the seller’s counter.',
  'agent.unavailable.title': 'This QR code is not available',
  'agent.intro': 'These companies issue invoices by scan. Choose the one that sold you the goods or service.',
  'agent.count': '{n} companies',
  'agent.search': 'Search company name',
  'agent.searchLabel': 'Filter companies by name',
  'agent.noMatch': 'No company name contains “{q}”',
  'agent.clear': 'Clear search',
  'agent.empty.title': 'No company can invoice here yet',
  'agent.empty.text':
    'The companies behind this entry have not opened invoicing by scan yet. Try again later, or scan the code board at the seller’s counter.',
  'agent.kind.allEle': 'Fully digital invoice',
  'agent.kind.normal': 'E-invoice',
  'agent.go': 'Get invoice',
  'agent.goLabel': '{tenant} · {board}: get invoice',
};

export default en;
