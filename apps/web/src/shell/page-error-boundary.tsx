import { Button } from 'antd';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { isRefusal } from '../lib/http-errors.ts';
import i18n from '../lib/i18n.ts';

// antd's Result with its illustrations (~11 KB gzip) is fetched only when a page has crashed.
const Result = lazy(() => import('antd/es/result'));

interface State {
  error: Error | null;
}

type ResultStatus = '403' | '404' | '500' | 'warning' | 'error';

/** How a refused load looks: the server's status picks the picture, its message is the text. */
function refusalStatus(httpStatus: number): ResultStatus {
  if (httpStatus === 403 || httpStatus === 404) return String(httpStatus) as ResultStatus;
  return httpStatus >= 500 ? '500' : 'warning';
}

/**
 * Keeps a crashing page from taking the navbar, sidebar and tabs down with it. The error is recorded by the
 * root's onCaughtError hook, which also receives the component stack. A page whose data the server refused
 * (thrown by the query layer, app/query-client.ts) shows the server's message in place of its content; 重试
 * clears the refused queries (onReset) so they load again.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode; onReset?: () => void }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const refused = isRefusal(error);
    const retry = () => {
      this.props.onReset?.();
      this.setState({ error: null });
    };
    return (
      <Suspense fallback={<div role="alert">{error.message}</div>}>
        <Result
          className={refused ? 'page-refused' : 'page-crashed'}
          status={refused ? refusalStatus(error.httpStatus) : 'error'}
          title={i18n.t(refused ? 'shell.refused' : 'app.pageCrashed')}
          subTitle={error.message}
          extra={
            <Button type="primary" onClick={retry}>
              {i18n.t('app.retry')}
            </Button>
          }
        />
      </Suspense>
    );
  }
}
