import type { CompanyInfo, EnterpriseParameterReply, updateCompany } from '@fpy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type CallBody, type CallReply, http } from '../../../lib/http.ts';
import { SESSION_KEY } from '../../../lib/permission.tsx';

/** The seller block printed on every invoice the tenant issues. */
export type CompanyUpdate = CallBody<typeof updateCompany>;

export const companyQuery = queryOptions({
  queryKey: [SESSION_KEY, 'company'],
  queryFn: () => http.get<CompanyInfo>('/api/admin/company'),
});

export function saveCompany(body: CompanyUpdate) {
  return http.put<CallReply<typeof updateCompany>>('/api/admin/company', { body });
}

export type ImageKind = 'logo' | 'title';

export function uploadEnterpriseImage(file: File, kind: ImageKind) {
  const data = new FormData();
  data.append('file', file);
  return http.post<EnterpriseParameterReply>('/api/admin/v1/parameterSetting/enterpriseLogoUpload', {
    query: { kind },
    body: data,
  });
}
