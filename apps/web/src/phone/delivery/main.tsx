import { mountPhonePages } from '../kit/mount.tsx';
import { DeliveryPages } from './app.tsx';

/** The buyer's delivery pages (issue 14 §4): the phone entry `delivery` (@fpy/contracts/phone-entries). */
mountPhonePages(<DeliveryPages />);
