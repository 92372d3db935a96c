import {
  createAlipayWalletAccount,
  createWechatWalletAccount,
  deleteAlipayWalletAccount,
  deleteWechatWalletAccount,
  listAlipayWalletAccounts,
  listAlipayWalletCards,
  listWechatWalletAccounts,
  listWechatWalletCards,
  retryAlipayWalletCards,
  retryWechatWalletCards,
  updateAlipayWalletAccount,
  updateWechatWalletAccount,
  type WalletAccountBodyInput,
  type WalletPlatform,
} from '@fpy/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { type CallQuery, call } from '../../../lib/http.ts';

/** Each platform's routes by their named exports (the console's light route objects). */
const WALLET_ROUTES = {
  wechat: {
    listAccounts: listWechatWalletAccounts,
    createAccount: createWechatWalletAccount,
    updateAccount: updateWechatWalletAccount,
    deleteAccount: deleteWechatWalletAccount,
    listCards: listWechatWalletCards,
    retryCards: retryWechatWalletCards,
  },
  alipay: {
    listAccounts: listAlipayWalletAccounts,
    createAccount: createAlipayWalletAccount,
    updateAccount: updateAlipayWalletAccount,
    deleteAccount: deleteAlipayWalletAccount,
    listCards: listAlipayWalletCards,
    retryCards: retryAlipayWalletCards,
  },
} as const;

export type CardQuery = CallQuery<typeof WALLET_ROUTES.wechat.listCards>;

export const walletKeys = {
  accounts: (p: WalletPlatform) => ['wallets', p, 'accounts'] as const,
  cards: (p: WalletPlatform) => ['wallets', p, 'cards'] as const,
};

export const accountsQuery = (platform: WalletPlatform) =>
  queryOptions({
    queryKey: walletKeys.accounts(platform),
    queryFn: ({ signal }) => call(WALLET_ROUTES[platform].listAccounts, { signal }),
  });

export const cardsQuery = (platform: WalletPlatform, q: CardQuery) =>
  queryOptions({
    queryKey: [...walletKeys.cards(platform), q],
    queryFn: ({ signal }) => call(WALLET_ROUTES[platform].listCards, { query: q, signal }),
    placeholderData: keepPreviousData,
    // Callbacks move cards on their own: the list refreshes while the page is open.
    refetchInterval: 10_000,
  });

/** The form's settings are drawn from the platform's schema (and checked by it field by field), not typed here. */
export const saveAccount = (platform: WalletPlatform, id: number | null, input: WalletAccountBodyInput) => {
  const body = input as never;
  return id === null
    ? call(WALLET_ROUTES[platform].createAccount, { body })
    : call(WALLET_ROUTES[platform].updateAccount, { params: { id }, body });
};
export const deleteAccount = (platform: WalletPlatform, id: number) =>
  call(WALLET_ROUTES[platform].deleteAccount, { params: { id } });
export const retryCards = (platform: WalletPlatform, ids: number[]) =>
  call(WALLET_ROUTES[platform].retryCards, { body: { ids } });

export const refresh = (qc: QueryClient, platform: WalletPlatform) =>
  qc.invalidateQueries({ queryKey: ['wallets', platform] });
