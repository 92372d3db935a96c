import type { Db } from '@fpy/db';
import type { FaceData } from './face.ts';

/**
 * A company's PDF layout options (发票模板, /invoicePlat/fpmb). The options are stored and edited by
 * delivery/plat-settings, which provides the reader through this module's index (provideFaceOptions), so this
 * module never reads another module's settings. Only what the renderer honours is here: the XML master is the
 * legal record and never changes with them.
 */
export interface FaceOptions {
  /** Stamp the company's uploaded 发票专用章 on the PDF. */
  stampSeal: boolean;
  /** Print 收款人 / 复核人 at the end of the 备注 box. */
  payeeReviewerInRemarks: boolean;
}

export const DEFAULT_FACE_OPTIONS: FaceOptions = { stampSeal: true, payeeReviewerInRemarks: true };

type Reader = (db: Db, tenantId: number) => Promise<FaceOptions>;
let reader: Reader | null = null;

/** Called once by the module that owns the setting; without it every company gets the defaults. */
export function provideFaceOptions(read: Reader) {
  reader = read;
}

export const faceOptionsFor = (db: Db, tenantId: number): Promise<FaceOptions> =>
  reader ? reader(db, tenantId) : Promise.resolve(DEFAULT_FACE_OPTIONS);

/** The face data the PDF draws: without payee and reviewer when the company keeps them off the remarks. */
export function pdfFaceData(data: FaceData, options: FaceOptions | undefined): FaceData {
  if (!options || options.payeeReviewerInRemarks) return data;
  return { ...data, invoice: { ...data.invoice, payee: null, reviewer: null } };
}
