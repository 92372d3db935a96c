import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import i18n from '../lib/i18n.ts';

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
    );
  }
}
