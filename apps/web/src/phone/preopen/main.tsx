import './preopen.css';
import { mountPhonePages } from '../kit/mount.tsx';
import { PreopenPages } from './app.tsx';

/** 预开审核手机端 (issue 30, spec §2.9): the phone entry `preopen` (@fpy/contracts/phone-entries). */
mountPhonePages(<PreopenPages />);
