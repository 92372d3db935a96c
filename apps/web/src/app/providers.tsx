import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useAntdConfig } from '../lib/antd-config.ts';
import { queryClient } from './query-client.ts';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider {...useAntdConfig()}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
