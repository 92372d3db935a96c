import type { CardStatus, InsertCardRequest } from '../../../../gateways/wallet/gateway.ts';
import type { WalletAccount } from '../accounts.ts';

/** One platform client (per account): the half of a call the kit cannot do. Throws the kit's refusals. */
export interface WalletAdapter {
  insert(
    account: WalletAccount,
    req: InsertCardRequest,
  ): Promise<{ state: 'pending' | 'inserted'; cardId: string | null }>;
  query(account: WalletAccount, ref: string): Promise<CardStatus>;
}
