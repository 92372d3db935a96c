import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { SESSION_KEY } from '../../lib/permission.tsx';

/** The seller block printed on every invoice the tenant issues. */
export interface Company {
  name: string;
  creditCode: string;
  address: string | null;
  phone: string | null;
  bank: string | null;
  account: string | null;
}

export const companyQuery = queryOptions({
  queryKey: [SESSION_KEY, 'company'],
  queryFn: () => http.get<Company>('/api/admin/company'),
});

export function saveCompany(body: Company) {
  return http.put<Company>('/api/admin/company', { body });
}

export type ImageKind = 'logo' | 'title';

export function uploadEnterpriseImage(file: File, kind: ImageKind) {
  const data = new FormData();
  data.append('file', file);
  data.append('kind', kind);
  return http.post<{ code: string; content: { logoUrl: string | null; titleImageUrl: string | null } }>(
    '/api/admin/v1/parameterSetting/enterpriseLogoUpload',
    { body: data },
  );
}
