import { getCompany, updateCompany, uploadEnterpriseLogo } from '@fpy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type CallBody, call } from '../../../lib/http.ts';
import { SESSION_KEY } from '../../../lib/permission.tsx';

/** The seller block printed on every invoice the tenant issues. */
export type CompanyUpdate = CallBody<typeof updateCompany>;

export const companyQuery = queryOptions({
  queryKey: [SESSION_KEY, 'company'],
  queryFn: ({ signal }) => call(getCompany, { signal }),
});

export function saveCompany(body: CompanyUpdate) {
  return call(updateCompany, { body });
}

export type ImageKind = 'logo' | 'title';

/** The logo or title image, as multipart (call() sends a FormData body as it is). */
export function uploadEnterpriseImage(file: File, kind: ImageKind) {
  const data = new FormData();
  data.append('file', file);
  return call(uploadEnterpriseLogo, { query: { kind }, body: data });
}
