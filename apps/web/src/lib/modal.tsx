import { Modal, type ModalProps } from 'antd';

/**
 * Spec §9: dialogs never close on a backdrop click or Esc, so a half-filled form is not lost by accident.
 * ConfigProvider covers the backdrop for every Modal; Esc has no global switch, hence this wrapper.
 */
export function AppModal(props: ModalProps) {
  return <Modal keyboard={false} mask={{ closable: false }} {...props} />;
}
