import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type Db, monitorInstances } from '@fpy/db';
import { and, desc, gt, isNull, lt, sql } from 'drizzle-orm';

/** Who this process is in the registry: drawn once per built app (two apps in one test process are two). */
export interface InstanceIdentity {
  id: string;
  host: string;
  pid: number;
  version: string;
  queue: 'in-process' | 'bullmq';
}

export const SERVER_VERSION = process.env.npm_package_version ?? '0.1.0';

export function newIdentity(queue: InstanceIdentity['queue']): InstanceIdentity {
  return { id: randomUUID(), host: hostname(), pid: process.pid, version: SERVER_VERSION, queue };
}

/** Registers or refreshes this instance (one upsert per heartbeat). */
export async function heartbeat(db: Db, me: InstanceIdentity, now: Date = new Date()) {
  await db
    .insert(monitorInstances)
    .values({ ...me, startedAt: now, lastHeartbeat: now })
    .onConflictDoUpdate({
      target: monitorInstances.id,
      set: { lastHeartbeat: now, stoppedAt: null },
    });
}

/** A graceful stop: the instance drops out at once instead of after the horizon. */
export async function leave(db: Db, me: InstanceIdentity, now: Date = new Date()) {
  await db.update(monitorInstances).set({ stoppedAt: now }).where(sql`${monitorInstances.id} = ${me.id}`);
}

/** The instances whose heartbeat is within `dropSeconds` of now and that did not leave. */
export async function runningInstances(db: Db, dropSeconds: number, now: Date = new Date()) {
  const since = new Date(now.getTime() - dropSeconds * 1000);
  return db
    .select()
    .from(monitorInstances)
    .where(and(gt(monitorInstances.lastHeartbeat, since), isNull(monitorInstances.stoppedAt)))
    .orderBy(desc(monitorInstances.startedAt));
}

/** Rows of instances gone for an hour are deleted (the prune task). */
export async function pruneInstances(db: Db, now: Date = new Date()) {
  await db
    .delete(monitorInstances)
    .where(lt(monitorInstances.lastHeartbeat, new Date(now.getTime() - 3600_000)));
}
