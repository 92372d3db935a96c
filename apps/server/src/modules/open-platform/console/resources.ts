import { CONSOLE_CLIENT_ID, local } from '@fpy/contracts';
import {
  oauthClients,
  openAuthCodes,
  openApps,
  openDeviceBindings,
  openDevelopers,
  openInterfaceGroups,
  openInterfaces,
  openLicenses,
  openRateLimits,
} from '@fpy/db';
import {
  oauthClientsMeta,
  openAppsMeta,
  openAuthCodesMeta,
  openDeviceBindingsMeta,
  openDevelopersMeta,
  openInterfaceGroupsMeta,
  openInterfacesMeta,
  openLicensesMeta,
  openRateLimitsMeta,
  softwareLicensesMeta,
} from '@fpy/resources';
import { sql } from 'drizzle-orm';
import { bindResource, type ResourceHooks } from '../../../crud/bind.ts';
import { badRequest } from '../../../lib/errors.ts';
import { randomBase62 } from '../../../lib/secret-box.ts';
import {
  appOf,
  clientExists,
  developerOf,
  futureExpiry,
  operationExists,
  tenantExists,
  vetCallback,
} from './checks.ts';
import { licenceBulk, unbindDevices } from './verbs/bulk.ts';
import {
  appCountOfDeveloper,
  appCountOfGroup,
  appDeveloperNameOf,
  appGroupsOf,
  appKeyOf,
  appNameOf,
  developerNameOf,
  interfaceCountOfGroup,
  tenantNameOf,
} from './names.ts';

type Row = Record<string, unknown>;
/** On an edit the body is a patch: the row as it will be is the stored row with the given fields over it. */
const merged = (values: Row, existing?: Row) => ({ ...existing, ...values });

// 开发者: an enterprise developer names its company, an ISV none.
const developerHooks: ResourceHooks = {
  async beforeWrite(ctx, values, existing) {
    const row = merged(values, existing);
    if (row.kind === 'enterprise' && typeof row.tenantId !== 'number')
      throw badRequest('OPEN_DEVELOPER_TENANT', undefined, { field: 'tenantId' });
    if (row.kind === 'isv' && row.tenantId != null)
      throw badRequest('OPEN_DEVELOPER_TENANT', undefined, { field: 'tenantId' });
    await tenantExists(ctx.db, values.tenantId);
    if (!existing) values.createdBy = ctx.actor.userId;
  },
};

export const developersResource = bindResource(openDevelopersMeta, openDevelopers, {
  hooks: developerHooks,
  keyword: [openDevelopers.name, openDevelopers.contact, openDevelopers.phone],
  computed: {
    tenantName: tenantNameOf(openDevelopers.tenantId),
    appCount: appCountOfDeveloper(openDevelopers.id),
  },
});

// 应用 (edit; create and secret reset are verbs): a new developer moves the app to its company; the callback
// passes the outbound guard.
const appHooks: ResourceHooks = {
  async beforeWrite(ctx, values) {
    if (values.developerId !== undefined) {
      const dev = await developerOf(ctx.db, values.developerId);
      values.tenantId = dev.tenantId;
    }
    await vetCallback(ctx, values.callbackUrl);
  },
};

export const appsResource = bindResource(openAppsMeta, openApps, {
  hooks: appHooks,
  keyword: [openApps.name, openApps.appKey],
  computed: {
    developerName: developerNameOf(openApps.developerId),
    tenantName: tenantNameOf(openApps.tenantId),
    groups: appGroupsOf(openApps.id),
  },
});

export const interfaceGroupsResource = bindResource(openInterfaceGroupsMeta, openInterfaceGroups, {
  keyword: [openInterfaceGroups.code, openInterfaceGroups.nameZh, openInterfaceGroups.nameEn],
  computed: {
    interfaceCount: interfaceCountOfGroup(openInterfaceGroups.code),
    appCount: appCountOfGroup(openInterfaceGroups.code),
  },
});

export const interfacesResource = bindResource(openInterfacesMeta, openInterfaces, {
  keyword: [openInterfaces.operation, openInterfaces.nameZh, openInterfaces.nameEn, openInterfaces.path],
});

// 企业授权 / 软件接口授权: only an enabled ISV app may be licensed; the expiry lies ahead; the company exists.
const licenceHooks: ResourceHooks = {
  async beforeWrite(ctx, values, existing) {
    if (values.appId !== undefined) {
      const app = await appOf(ctx.db, values.appId);
      if (!app || app.tenantId !== null || app.state !== 'enabled')
        throw badRequest('OPEN_LICENSE_NOT_ISV', undefined, { field: 'appId' });
    }
    futureExpiry(values.expiresAt, existing?.expiresAt);
    if (!existing) {
      await tenantExists(ctx.db, values.tenantId);
      values.grantedBy = ctx.actor.userId;
    }
  },
};

/** An active licence past its expiry reads as expired (the gateway refuses it the same way). */
const licenceState = sql<string>`(case when ${openLicenses.state} = 'active' and ${openLicenses.expiresAt} is not null and ${openLicenses.expiresAt} <= now() then 'expired' else ${openLicenses.state} end)`;
const licenceComputed = {
  appName: appNameOf(openLicenses.appId),
  appKey: appKeyOf(openLicenses.appId),
  developerName: appDeveloperNameOf(openLicenses.appId),
  tenantName: tenantNameOf(openLicenses.tenantId),
  state: licenceState,
};

export const licensesResource = bindResource(openLicensesMeta, openLicenses, {
  hooks: licenceHooks,
  keyword: [appNameOf(openLicenses.appId), appKeyOf(openLicenses.appId), tenantNameOf(openLicenses.tenantId)],
  computed: licenceComputed,
  bulk: licenceBulk('openLicenses'),
});

export const softwareLicensesResource = bindResource(softwareLicensesMeta, openLicenses, {
  hooks: licenceHooks,
  keyword: [appNameOf(openLicenses.appId), appKeyOf(openLicenses.appId)],
  computed: licenceComputed,
  bulk: licenceBulk('softwareLicenses'),
});

// 企业限流: the target fits the scope (app: an app or every app; enterprise: a company or every one; api: an
// operation of the registry, optionally for one app).
const limitHooks: ResourceHooks = {
  async beforeWrite(ctx, values, existing) {
    const row = merged(values, existing);
    const refuse = (field: string, zh: string, en: string) => {
      throw badRequest('OPEN_LIMIT_TARGET', { reason: local(zh, en) }, { field });
    };
    if (row.scope === 'app') {
      if (row.tenantId != null)
        refuse('tenantId', '按应用限流不指定企业', 'a per-app limit names no company');
      if (row.operation != null) refuse('operation', '按应用限流不指定接口', 'a per-app limit names no API');
    } else if (row.scope === 'enterprise') {
      if (row.appId != null) refuse('appId', '按企业限流不指定应用', 'a per-enterprise limit names no app');
      if (row.operation != null)
        refuse('operation', '按企业限流不指定接口', 'a per-enterprise limit names no API');
    } else if (row.scope === 'api') {
      if (row.operation == null) refuse('operation', '按接口限流须选择接口', 'a per-API limit needs its API');
      if (row.tenantId != null)
        refuse('tenantId', '按接口限流不指定企业', 'a per-API limit names no company');
    }
    await appOf(ctx.db, values.appId);
    await tenantExists(ctx.db, values.tenantId);
    await operationExists(ctx.db, values.operation);
    if (!existing) values.createdBy = ctx.actor.userId;
  },
};

export const rateLimitsResource = bindResource(openRateLimitsMeta, openRateLimits, {
  hooks: limitHooks,
  computed: {
    appName: appNameOf(openRateLimits.appId),
    tenantName: tenantNameOf(openRateLimits.tenantId),
  },
});

// OAuth 客户端 (edit; create and secret reset are verbs): the id stays; the console's own client keeps working.
const clientHooks: ResourceHooks = {
  beforeWrite(_ctx, values, existing): undefined {
    if (!existing) return;
    if (values.clientId !== undefined && values.clientId !== existing.clientId)
      throw badRequest('OPEN_CLIENT_ID_FIXED', undefined, { field: 'clientId' });
    if (existing.clientId !== CONSOLE_CLIENT_ID) return;
    if (values.enabled === false) throw badRequest('OPEN_CONSOLE_CLIENT', undefined, { field: 'enabled' });
    if (typeof values.grantTypes === 'string' && !values.grantTypes.split(',').includes('password'))
      throw badRequest('OPEN_CONSOLE_CLIENT', undefined, { field: 'grantTypes' });
  },
};

export const oauthClientsResource = bindResource(oauthClientsMeta, oauthClients, {
  hooks: clientHooks,
  keyword: [oauthClients.clientId, oauthClients.name],
});

// 授权码: made by the server (never changes); its references exist; its expiry lies ahead.
const authCodeHooks: ResourceHooks = {
  async beforeWrite(ctx, values, existing) {
    await tenantExists(ctx.db, values.tenantId);
    await appOf(ctx.db, values.appId);
    futureExpiry(values.expiresAt, existing?.expiresAt);
    if (!existing) values.createdBy = ctx.actor.userId;
  },
  derive: (_values, existing) => (existing ? {} : { code: `AC${randomBase62(18)}` }),
};

const authCodeStatus = sql<string>`(case when ${openAuthCodes.state} = 'disabled' then 'disabled' when ${openAuthCodes.expiresAt} <= now() then 'expired' when ${openAuthCodes.uses} >= ${openAuthCodes.maxUses} then 'exhausted' else 'valid' end)`;

export const authCodesResource = bindResource(openAuthCodesMeta, openAuthCodes, {
  hooks: authCodeHooks,
  keyword: [openAuthCodes.code, tenantNameOf(openAuthCodes.tenantId)],
  computed: {
    tenantName: tenantNameOf(openAuthCodes.tenantId),
    appName: appNameOf(openAuthCodes.appId),
    status: authCodeStatus,
  },
});

// 设备绑定: an unbound row is history (read-only); its references exist.
const deviceHooks: ResourceHooks = {
  async beforeWrite(ctx, values, existing) {
    if (existing?.state === 'unbound') throw badRequest('OPEN_DEVICE_UNBOUND', undefined, { field: 'state' });
    if (!existing) await tenantExists(ctx.db, values.tenantId);
    await appOf(ctx.db, values.appId);
    await clientExists(ctx.db, values.clientId);
  },
};

export const deviceBindingsResource = bindResource(openDeviceBindingsMeta, openDeviceBindings, {
  hooks: deviceHooks,
  keyword: [
    openDeviceBindings.deviceSerial,
    openDeviceBindings.deviceName,
    tenantNameOf(openDeviceBindings.tenantId),
  ],
  computed: {
    tenantName: tenantNameOf(openDeviceBindings.tenantId),
    appName: appNameOf(openDeviceBindings.appId),
  },
  bulk: { unbind: unbindDevices },
});

/** Every resource of the module, registered by routes.ts. */
export const openConsoleResources = [
  developersResource,
  appsResource,
  interfaceGroupsResource,
  interfacesResource,
  licensesResource,
  softwareLicensesResource,
  rateLimitsResource,
  oauthClientsResource,
  authCodesResource,
  deviceBindingsResource,
];
