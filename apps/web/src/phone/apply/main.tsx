import { mountPhonePages } from '../kit/mount.tsx';
import { ApplyPages } from './app.tsx';

/** The buyer's self-service invoicing pages (issue 30): the phone entry `apply` (@fpy/contracts/phone-entries). */
mountPhonePages(<ApplyPages />);
