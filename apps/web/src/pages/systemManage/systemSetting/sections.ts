import { AuthSettings, BaseSettings, SafeSettings, type SettingsSection } from '@portal/contracts';
import type { FieldPath, JsonSchema } from '../../../components/settings/settingsSchema.ts';

/**
 * What each tab of System settings shows. The base section's sign-in page design and default look
 * have pages of their own (systemStyle/loginSetting, navManage/themeSetting); saving here keeps them.
 * A tab for the identity providers ("third") comes with their settings.
 */
export const SECTION_TABS: readonly { section: SettingsSection; schema: JsonSchema; fields: readonly FieldPath[] }[] = [
  { section: 'base', schema: BaseSettings, fields: [['systemName'], ['logo'], ['icon'], ['defaultLanguage']] },
  {
    section: 'auth',
    schema: AuthSettings,
    fields: [
      ['signInOptions'],
      ['captchaAfterFailures'],
      ['accessTokenMinutes'],
      ['sessionAbsoluteHours'],
      ['refreshTokenDays'],
      ['sessionIdleMinutes'],
    ],
  },
  { section: 'safe', schema: SafeSettings, fields: [['password'], ['lockout'], ['mfaRequired']] },
];
