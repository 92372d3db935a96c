import { Button } from 'antd';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import i18n from '../lib/i18n.ts';

// antd's Result with its illustrations (~11 KB gzip) is fetched only when a page has crashed.
const Result = lazy(() => import('antd/es/result'));

interface State {
  error: Error | null;
}

/**
 * Keeps a crashing page from taking the navbar, sidebar and tabs down with it. The error is recorded by the
 * root's onCaughtError hook, which also receives the component stack.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Suspense fallback={<div role="alert">{error.message}</div>}>
        <Result
          status="error"
          title={i18n.t('app.pageCrashed')}
          subTitle={error.message}
          extra={
            <Button type="primary" onClick={() => this.setState({ error: null })}>
              {i18n.t('app.retry')}
            </Button>
          }
        />
      </Suspense>
    );
  }
}
