import type { ReviewReply } from '@fpy/contracts';
import i18n from 'i18next';
import { loadFeedback, toast } from '../../../../lib/feedback.ts';

/** All done → a toast; any refusal → a dialog listing each refused application with the server's reason. */
export async function showReviewResults(reply: ReviewReply) {
  const t = i18n.t.bind(i18n);
  if (!reply.failed) {
    toast.success(t('preopen.allOk', { count: reply.succeeded }));
    return;
  }
  const { modal } = await loadFeedback();
  modal.warning({
    title: t('preopen.partial', { ok: reply.succeeded, failed: reply.failed }),
    content: (
      <ul className="review-failures" style={{ paddingInlineStart: 18, margin: 0 }}>
        {reply.results
          .filter((r) => !r.ok)
          .map((r) => (
            <li key={r.id}>{t('preopen.failedItem', { id: r.id, message: r.message ?? '' })}</li>
          ))}
      </ul>
    ),
    okText: t('preopen.ok'),
  });
}
