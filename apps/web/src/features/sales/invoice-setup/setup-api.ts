import {
  getInvoicerIdentity,
  getSeal,
  listOpenerDepartments,
  listOpenerProfiles,
  listPrintableInvoices,
  listPrintSettings,
  type OpenerRole,
} from '@fpy/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type CallQuery, call } from '../../../lib/http.ts';

/** Every key starts with 'invoiceSetup'; mutations invalidate by the sub-prefix they change. */
export const setupKeys = {
  openers: ['invoiceSetup', 'openers'] as const,
  departments: ['invoiceSetup', 'departments'] as const,
  seal: ['invoiceSetup', 'seal'] as const,
  printers: ['invoiceSetup', 'printers'] as const,
  printable: ['invoiceSetup', 'printable'] as const,
  identity: ['invoiceSetup', 'identity'] as const,
};

export const openersQuery = (role: OpenerRole, departmentId?: number) =>
  queryOptions({
    queryKey: [...setupKeys.openers, role, departmentId ?? null],
    queryFn: ({ signal }) => call(listOpenerProfiles, { query: { role, departmentId, limit: 500 }, signal }),
  });

export const departmentsQuery = queryOptions({
  queryKey: setupKeys.departments,
  queryFn: ({ signal }) => call(listOpenerDepartments, { signal }),
  staleTime: 60_000,
});

export const sealQuery = queryOptions({
  queryKey: setupKeys.seal,
  queryFn: ({ signal }) => call(getSeal, { signal }),
});

/** 开票员身份认证: the bureau's demand and the open link (identity-card.tsx). */
export const identityQuery = queryOptions({
  queryKey: setupKeys.identity,
  queryFn: ({ signal }) => call(getInvoicerIdentity, { signal }),
});

export const printersQuery = queryOptions({
  queryKey: setupKeys.printers,
  queryFn: ({ signal }) => call(listPrintSettings, { query: { limit: 500 }, signal }),
});

export type PrintableQuery = CallQuery<typeof listPrintableInvoices>;
export const printableQuery = (query: PrintableQuery) =>
  queryOptions({
    queryKey: [...setupKeys.printable, query],
    queryFn: ({ signal }) => call(listPrintableInvoices, { query, signal }),
    placeholderData: keepPreviousData,
  });
