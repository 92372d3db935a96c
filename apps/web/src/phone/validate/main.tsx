import './validate.css';
import { mountPhonePages } from '../kit/mount.tsx';
import { ValidatePage } from './page.tsx';

/** 开票员身份认证 (issue 30, spec §2.3 /validate): the phone entry `validate` (@fpy/contracts/phone-entries). */
mountPhonePages(<ValidatePage />);
