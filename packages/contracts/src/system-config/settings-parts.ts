import { Type, type Static } from 'typebox';
import { DEFAULT_PRODUCT_NAME, LANGUAGES } from '../constants.ts';
import { Nullable } from '../paging.ts';

/*
 * The parts of the settings that the public configuration (open-config.ts) shows before sign-in,
 * on their own: /login reads that configuration and has a size budget, so it must not bring the
 * whole settings schema and its endpoints. settings.ts builds the sections from these.
 */

/** The one system whose settings these are: `{id}` in the settings paths must be exactly this. */
export const PORTAL_SYSTEM_ID = 'portal';

export const SystemIdParams = Type.Object({
  id: Type.String({ maxLength: 64, description: `The system: always \`${PORTAL_SYSTEM_ID}\` (anything else is 404)` }),
});

export const closed = { additionalProperties: false } as const;
export const Switch = (description: string) => Type.Boolean({ description });
export const Count = (minimum: number, maximum: number, description: string) => Type.Integer({ minimum, maximum, description });

const hexColour = (description: string) => Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: `${description} (#rrggbb)` });
/** An image the browser loads: an https address or a path on the portal itself (never `//host`, `javascript:` or `data:`). */
const imageAddress = (description: string) => Type.String({ maxLength: 2048, pattern: '^(https://[^\\s]+|/(?!/)[^\\s]*)$', description });
const Text = (maxLength: number, description: string) => Nullable(Type.String({ minLength: 1, maxLength, pattern: '\\S', description }));

export const LoginPageDesign = Type.Object(
  {
    layout: Type.Enum(['center', 'left', 'right'], { description: 'Where the sign-in form sits on the page' }),
    background: Type.Object(
      {
        color: Nullable(hexColour("The page's colour; null: the theme's layout background")),
        image: Nullable(imageAddress('An image covering the page; null: none')),
      },
      closed,
    ),
    title: Text(80, "The form's heading; null: the translated default"),
    subtitle: Text(200, 'A line under the heading; null: none'),
    footer: Text(300, 'A line at the foot of the page (e.g. a copyright); null: none'),
    showOptions: Type.Object(
      {
        rememberMe: Switch('Offer "remember me" (a 30-day session)'),
        forgotPassword: Switch('Link to password recovery'),
        languageSwitch: Switch('Offer a language switch on the page'),
      },
      closed,
    ),
  },
  { ...closed, description: 'The design of the sign-in page' },
);
export type LoginPageDesign = Static<typeof LoginPageDesign>;

/** The sign-in page as it was before it could be designed: the default of the base section. */
export const DEFAULT_LOGIN_PAGE: LoginPageDesign = {
  layout: 'center',
  background: { color: null, image: null },
  title: null,
  subtitle: null,
  footer: null,
  showOptions: { rememberMe: true, forgotPassword: true, languageSwitch: false },
};

/** The properties of the base section, each as the public configuration shows it too. */
export const BASE_PROPERTIES = {
  systemName: Text(60, `The product's name: page title, sign-in page, mails; null: "${DEFAULT_PRODUCT_NAME}"`),
  logo: Nullable(imageAddress("The header's logo; null: the portal's own")),
  icon: Nullable(imageAddress("The browser tab's icon; null: the portal's own")),
  defaultLanguage: Type.Enum([...LANGUAGES], { description: 'Language of a browser with no preference of its own' }),
  defaultLayout: Type.Object(
    {
      navStyle: Type.Enum(['LEFT', 'TOP'], { description: 'Menu at the left or at the top' }),
      leftMenuWidth: Count(160, 400, 'Width of the left menu, px'),
      topMenuHeight: Count(40, 96, 'Height of the top menu, px'),
    },
    { ...closed, description: 'The shell layout of a user who has chosen none' },
  ),
  defaultTheme: Type.Object(
    {
      mode: Type.Enum(['light', 'dark'], { description: 'Light or dark' }),
      brandColor: hexColour('The brand colour'),
    },
    { ...closed, description: 'The look of a user who has chosen none' },
  ),
  loginPage: LoginPageDesign,
};

/** The ways in the sign-in page may offer. */
export const SIGN_IN_OPTIONS = ['password', 'qr', 'smsCode', 'registration', 'registrationCaptcha'] as const;
export type SignInOption = (typeof SIGN_IN_OPTIONS)[number];

/** What a new password must hold, as far as a form's hint tells it. */
export const PASSWORD_HINT_PROPERTIES = {
  minLength: Count(8, 128, 'Fewest characters'),
  requireClasses: Type.Object(
    {
      lower: Count(0, 16, 'Fewest lower-case letters'),
      upper: Count(0, 16, 'Fewest upper-case letters'),
      digit: Count(0, 16, 'Fewest digits'),
      symbol: Count(0, 16, 'Fewest other characters'),
    },
    { ...closed, description: 'Characters of each class a password must hold; together at most minLength' },
  ),
};
