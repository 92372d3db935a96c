import { Modal } from 'antd';
import i18n from 'i18next';

/**
 * Asks before a link's token replaces the logged-in account (spec §4 hand-over). Its own module, loaded only when
 * a link carries a token: importing antd's whole namespace dynamically would keep all of antd in the first page.
 */
export function confirmSwitch(current: string, next: string): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title: i18n.t('urlToken.switchTitle'),
      content: i18n.t('urlToken.switchContent', { current, next }),
      okText: i18n.t('urlToken.switchOk'),
      cancelText: i18n.t('urlToken.switchCancel'),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
