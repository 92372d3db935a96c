import { useQuery } from '@tanstack/react-query';
import { TenantType } from '@fpy/domain';
import { Link } from 'react-router';
import logoUrl from '../../public/assets/logo.svg';
import { brandName } from '../../lib/brand.ts';
import { enterpriseLogo, enterpriseParameterQuery } from '../../lib/enterprise.ts';
import { useConsole } from '../console-context.tsx';

/** Spec §2.11/§6: a customised tenant (type 5) with its own logo sees it instead of the product's. */
export function BrandLogo({ compact }: { compact: boolean }) {
  const { profile } = useConsole();
  const customised = profile.tenantType === TenantType.Customised;
  // The navbar is no page: a refused logo leaves the product's (app/query-client.ts throws only for pages).
  const parameter = useQuery({ ...enterpriseParameterQuery, enabled: customised, throwOnError: false });
  const tenantLogo = customised ? (enterpriseLogo(parameter.data) ?? profile.logoUrl) : null;
  const titleImage = customised ? (parameter.data?.content?.titleImageUrl ?? profile.titleImageUrl) : null;

  return (
    <Link to="/dashboard" style={{ display: 'flex', alignItems: 'center', gap: 8, color: 'inherit' }}>
      {tenantLogo ? (
        <>
          <img
            src={tenantLogo}
            alt={profile.companyName ?? ''}
            style={{ height: 32, maxWidth: 160, objectFit: 'contain' }}
          />
          {!compact &&
            (titleImage ? (
              <img src={titleImage} alt="" style={{ height: 32, maxWidth: 240, objectFit: 'contain' }} />
            ) : (
              <span style={{ fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap' }}>
                {profile.companyName}
              </span>
            ))}
        </>
      ) : (
        <>
          <img src={logoUrl} alt="" width={28} height={28} />
          {!compact && (
            <span style={{ fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap' }}>{brandName()}</span>
          )}
        </>
      )}
    </Link>
  );
}
