import { BaseSettings } from '@portal/contracts';
import { accepts, schemaAt, sectionValueOf } from '../../../../components/settings/settingsSchema.ts';

const LOGO = schemaAt(BaseSettings, ['logo']);
const BACKGROUND_IMAGE = schemaAt(BaseSettings, ['loginPage', 'background', 'image']);

/**
 * The draft the preview shows: what the form holds now over the saved value (blank texts as null,
 * as they would be saved); an image address still being typed is not loaded until it is a valid one.
 */
export function draftOf(saved: BaseSettings, typed: { loginPage: unknown; logo: unknown }): Pick<BaseSettings, 'loginPage' | 'logo'> {
  const draft = sectionValueOf(BaseSettings, saved, typed);
  const image = accepts(BACKGROUND_IMAGE, draft.loginPage.background.image)
    ? draft.loginPage.background.image
    : saved.loginPage.background.image;
  return {
    logo: accepts(LOGO, draft.logo) ? draft.logo : saved.logo,
    loginPage: { ...draft.loginPage, background: { ...draft.loginPage.background, image } },
  };
}
