/**
 * Every settings field's label and explanation (what it does, what blank means), by section and
 * path as in the contracts' schemas; `options` name the choices of a field that has them.
 */
export const FIELD_TEXTS_EN = {
  base: {
    systemName: {
      label: 'System name',
      help: 'The product’s name: the browser tab’s title, the sign-in page and mails. Blank: “Workbench Portal”.',
    },
    logo: {
      label: 'Logo',
      help: 'The picture beside the name in the header and on the sign-in page: an https:// address or a path on this portal (e.g. /open/icons/brand/logo.svg, uploaded under Icons). Blank: none.',
    },
    icon: {
      label: 'Browser tab icon',
      help: 'The favicon: an https:// address or a path on this portal. Blank: the portal’s own.',
    },
    defaultLanguage: {
      label: 'Default language',
      help: 'The language of a browser that has not chosen one; everyone can still switch.',
      options: { 'en-US': 'English', 'zh-CN': '简体中文 (Chinese)' },
    },
    defaultLayout: {
      label: 'Default layout',
      help: 'The shell’s layout for users who have not chosen their own.',
      navStyle: { label: 'Menu position', help: 'The main menu at the left or in the header.', options: { LEFT: 'Left', TOP: 'Top' } },
      leftMenuWidth: { label: 'Left menu width (px)', help: 'The width of the left menu, 160 to 400 pixels.' },
      topMenuHeight: { label: 'Header height (px)', help: 'The height of the header, 40 to 96 pixels.' },
    },
    defaultTheme: {
      label: 'Default look',
      help: 'Light or dark and the brand colour, for users who have not chosen their own (Appearance settings in the header).',
      mode: { label: 'Theme', help: 'Light or dark pages.', options: { light: 'Light', dark: 'Dark' } },
      brandColor: { label: 'Brand colour', help: 'The colour of buttons, links and selections (#rrggbb).' },
    },
    loginPage: {
      label: 'Sign-in page',
      help: 'How the sign-in page looks.',
      layout: {
        label: 'Form position',
        help: 'Where the sign-in form sits: in the middle, or as a column at the left or right over the background.',
        options: { center: 'Centre', left: 'Left', right: 'Right' },
      },
      background: {
        label: 'Background',
        help: 'Behind the sign-in form.',
        color: { label: 'Background colour', help: 'The page’s colour. Blank: the theme’s background.' },
        image: {
          label: 'Background image',
          help: 'An image covering the page: an https:// address or a path on this portal. Blank: none.',
        },
      },
      title: { label: 'Heading', help: 'The form’s heading. Blank: “Sign in” in the reader’s language.' },
      subtitle: { label: 'Subheading', help: 'A line under the heading, e.g. who may sign in. Blank: none.' },
      footer: { label: 'Footer', help: 'A line at the foot of the page, e.g. a copyright. Blank: none.' },
      showOptions: {
        label: 'Shown on the page',
        help: 'Which extras the sign-in form offers.',
        rememberMe: { label: 'Remember me', help: 'Offer to keep the session for 30 days.' },
        forgotPassword: { label: 'Forgot password link', help: 'Link to password recovery by email.' },
        languageSwitch: { label: 'Language switch', help: 'Let the reader switch the page’s language.' },
      },
    },
  },
  auth: {
    accessTokenMinutes: {
      label: 'Access token lifetime (minutes)',
      help: 'How long an access token is valid, 1 to 60; the browser renews it silently. Shorter: a revoked session stops sooner.',
    },
    refreshTokenDays: {
      label: 'Remembered session (days)',
      help: 'The longest a session kept with “Remember me” lasts before signing in again, 1 to 90.',
    },
    sessionIdleMinutes: {
      label: 'Idle timeout (minutes)',
      help: 'A session unused this long ends. 0: no idle limit.',
    },
    sessionAbsoluteHours: {
      label: 'Session length (hours)',
      help: 'A session without “Remember me” ends this long after signing in, 1 to 720.',
    },
    signInOptions: {
      label: 'Ways to sign in',
      help: 'What the sign-in page offers. Password or SMS code must stay on: a QR code is approved from a device already signed in.',
      password: { label: 'Username and password', help: 'Sign in with a username and a password.' },
      qr: { label: 'QR code', help: 'Sign in by scanning a QR code with a phone that is already signed in.' },
      smsCode: { label: 'SMS code', help: 'Sign in with a code sent by SMS (needs an SMS message channel).' },
      registration: { label: 'Self-registration', help: 'Anyone may create an account at /register; the sign-in page links to it.' },
      registrationCaptcha: {
        label: 'Captcha on registration',
        help: 'Registration asks for a solved captcha (only while registration is on).',
      },
    },
    captchaAfterFailures: {
      label: 'Captcha after failures',
      help: 'Failed sign-ins on an account before a captcha is asked for, 1 to 20.',
    },
  },
  safe: {
    password: {
      label: 'Password policy',
      help: 'What a new password must satisfy (passwords already set are not checked again).',
      minLength: { label: 'Minimum length', help: 'The fewest characters, 8 to 128.' },
      requireClasses: {
        label: 'Required characters',
        help: 'How many of each kind a password must hold; together at most the minimum length.',
        lower: { label: 'Lower-case letters', help: 'The fewest lower-case letters (a–z).' },
        upper: { label: 'Upper-case letters', help: 'The fewest upper-case letters (A–Z).' },
        digit: { label: 'Digits', help: 'The fewest digits (0–9).' },
        symbol: { label: 'Other characters', help: 'The fewest other characters (punctuation, symbols, spaces).' },
      },
      notContainingUsername: {
        label: 'Refuse passwords containing the username',
        help: 'A password equal to the username is always refused; on: containing it is refused too.',
      },
      historyCount: { label: 'Password history', help: 'Refuse the account’s last n passwords, 0 to 24. 0: no history.' },
      rejectCommon: { label: 'Refuse common passwords', help: 'Refuse passwords on the list of commonly used ones.' },
      expiryDays: { label: 'Password expiry (days)', help: 'A password must be changed this long after it was set. 0: never.' },
    },
    lockout: {
      label: 'Lockout',
      help: 'Locking an account after repeated failed sign-ins.',
      afterFailures: { label: 'Lock after failures', help: 'Failed sign-ins on an account before it is locked, 3 to 100.' },
      minutes: { label: 'Lock duration (minutes)', help: 'How long a lock lasts, 1 to 1440; an administrator can unlock sooner.' },
    },
    mfaRequired: {
      label: 'Authenticator app required for',
      help: 'Who must set up an authenticator app (TOTP) to sign in.',
      options: { none: 'Nobody', administrators: 'Administrators', everyone: 'Everyone' },
    },
  },
};
