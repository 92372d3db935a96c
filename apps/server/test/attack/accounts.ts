import { groupMembers, users } from '@fpy/db';
import { inArray } from 'drizzle-orm';
import { bareUserToken, type TestApp } from '../harness.ts';
import type { Caller } from './walk.ts';

export interface Accounts {
  anonymous: Caller;
  nobody: Caller;
  demo: Caller;
  brand: Caller;
  admin: Caller;
  tenantOf: Record<'demo' | 'brand', number>;
  /**
   * Ids the walk never aims at: the walking accounts themselves, their groups and companies. A fuzzed
   * "disable user 2" must not disable the caller and turn the rest of the walk into 401s.
   */
  protectedIds: Set<number>;
}

export async function accounts(t: TestApp): Promise<Accounts> {
  const nobody = await bareUserToken(t);
  const [demo, brand, admin] = await Promise.all([
    t.login('demo', 'Demo@123'),
    t.login('brand', 'Brand@123'),
    t.login('admin', 'Admin@123'),
  ]);
  const rows = await t.services.db
    .select()
    .from(users)
    .where(inArray(users.username, ['demo', 'brand', 'admin', 'nobody']));
  const memberships = await t.services.db
    .select()
    .from(groupMembers)
    .where(
      inArray(
        groupMembers.userId,
        rows.map((r) => r.id),
      ),
    );
  const byName = Object.fromEntries(rows.map((r) => [r.username, r]));
  const protectedIds = new Set<number>([
    ...rows.map((r) => r.id),
    ...rows.flatMap((r) => (r.tenantId ? [r.tenantId] : [])),
    ...memberships.map((m) => m.groupId),
  ]);
  return {
    anonymous: { name: 'anonymous' },
    nobody: { name: 'nobody', token: nobody },
    demo: { name: 'demo', token: demo },
    brand: { name: 'brand', token: brand },
    admin: { name: 'admin', token: admin },
    tenantOf: { demo: byName.demo.tenantId!, brand: byName.brand.tenantId! },
    protectedIds,
  };
}
