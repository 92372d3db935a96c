import type { getBuyerTitleForm, searchBuyerTitles } from '@fpy/contracts';
import { TITLE_API } from '@fpy/contracts/title-api';
import { lightCall, type LightReply } from '../../kit/http.ts';

/** The buyer's two title calls through the kit's light client (method and path from the zod-free contract). */
export type TitleForm = LightReply<typeof getBuyerTitleForm>;
export type Suggestion = LightReply<typeof searchBuyerTitles>['items'][number];
type Lang = 'zh' | 'en';

export const fetchTitleForm = (code: string, lang: Lang) =>
  lightCall<typeof getBuyerTitleForm>(TITLE_API.form, { params: { code }, lang });

export const searchTitles = (code: string, q: string, lang: Lang) =>
  lightCall<typeof searchBuyerTitles>(TITLE_API.search, { params: { code }, query: { q }, lang });
