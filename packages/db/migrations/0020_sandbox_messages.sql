-- The embedded messaging sandbox's received messages were called the "outbox"; the outbox is platform/outbox's
-- retried work (outbox_tasks). Renamed, nothing lost: the table, its identity sequence, primary key and index.
ALTER TABLE "outbox_messages" RENAME TO "sandbox_messages";--> statement-breakpoint
ALTER SEQUENCE "outbox_messages_id_seq" RENAME TO "sandbox_messages_id_seq";--> statement-breakpoint
ALTER TABLE "sandbox_messages" RENAME CONSTRAINT "outbox_messages_pkey" TO "sandbox_messages_pkey";--> statement-breakpoint
ALTER INDEX "outbox_created_idx" RENAME TO "sandbox_messages_created_idx";--> statement-breakpoint
-- Its page: menu outboxManager becomes sandboxMessageManager (grants hang on the menu's id and stay); the titles
-- only where nobody edited them.
UPDATE "menus" SET
  "code" = 'sandboxMessageManager',
  "path" = CASE WHEN "path" = '/baseManager/outboxManager' THEN '/baseManager/sandboxMessageManager' ELSE "path" END,
  "title_zh" = CASE WHEN "title_zh" = '消息发件箱' THEN '沙箱消息' ELSE "title_zh" END,
  "title_en" = CASE WHEN "title_en" = 'Outbox' THEN 'Sandbox messages' ELSE "title_en" END
WHERE "code" = 'outboxManager'
  AND NOT EXISTS (SELECT 1 FROM "menus" WHERE "code" = 'sandboxMessageManager');
