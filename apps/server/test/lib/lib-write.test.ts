import { resourceChanges } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emitAudit, withTransaction } from '../../src/lib/write/index.ts';
import { useTestApp } from '../harness.ts';

const app = useTestApp();
const actor = { userId: 7, name: '测试员' };
const rowsOf = (resource: string) =>
  app().services.db.select().from(resourceChanges).where(eq(resourceChanges.resource, resource));

describe('write plumbing (lib/write)', () => {
  it('commits the change and its audit row together, with who and from where', async () => {
    const ctx = { db: app().services.db, actor, ip: '10.0.0.1', extra: 'kept' };
    const seen = await withTransaction(ctx, async (tx, txCtx) => {
      expect(txCtx.db).toBe(tx);
      expect(txCtx.extra).toBe('kept');
      await emitAudit(tx, txCtx, {
        tenantId: 1,
        resource: 'lwCommit',
        recordId: 5,
        action: 'update',
        changes: { a: 1 },
      });
      return 'done';
    });
    expect(seen).toBe('done');
    expect(await rowsOf('lwCommit')).toEqual([
      expect.objectContaining({
        tenantId: 1,
        recordId: 5,
        action: 'update',
        changes: { a: 1 },
        actorId: 7,
        actorName: '测试员',
        ip: '10.0.0.1',
      }),
    ]);
  });

  it('a refusal inside rolls back the audit row with the change', async () => {
    const ctx = { db: app().services.db, actor, ip: null };
    await expect(
      withTransaction(ctx, async (tx) => {
        await emitAudit(tx, ctx, {
          tenantId: null,
          resource: 'lwRollback',
          recordId: 1,
          action: 'delete',
          changes: {},
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await rowsOf('lwRollback')).toEqual([]);
  });

  it('several entries in one call; a job (no actor) writes nulls; an empty list writes nothing', async () => {
    const job = { db: app().services.db, actor: null, ip: null };
    await withTransaction(job, async (tx) => {
      await emitAudit(tx, job, []);
      await emitAudit(
        tx,
        job,
        [1, 2, 3].map((recordId) => ({
          tenantId: 2,
          resource: 'lwMany',
          recordId,
          action: 'expire',
          changes: { recordId },
        })),
      );
    });
    const rows = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'lwMany'), eq(resourceChanges.tenantId, 2)));
    expect(rows.map((r) => r.recordId).sort()).toEqual([1, 2, 3]);
    expect(rows.every((r) => r.actorId === null && r.actorName === null && r.ip === null)).toBe(true);
  });

  it('inside an open transaction it is a savepoint: a refused inner part leaves the outer work', async () => {
    const ctx = { db: app().services.db, actor, ip: null };
    await withTransaction(ctx, async (tx, txCtx) => {
      await emitAudit(tx, txCtx, {
        tenantId: 3,
        resource: 'lwNested',
        recordId: 1,
        action: 'outer',
        changes: {},
      });
      await withTransaction(txCtx, async (inner) => {
        await emitAudit(inner, txCtx, {
          tenantId: 3,
          resource: 'lwNested',
          recordId: 2,
          action: 'inner',
          changes: {},
        });
        throw new Error('inner refused');
      }).catch(() => undefined);
    });
    expect((await rowsOf('lwNested')).map((r) => r.action)).toEqual(['outer']);
  });
});
