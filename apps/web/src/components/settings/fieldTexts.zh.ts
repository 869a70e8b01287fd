import type { FIELD_TEXTS_EN } from './fieldTexts.en.ts';

/** 各设置项的名称与说明（与 fieldTexts.en.ts 一一对应）。 */
export const FIELD_TEXTS_ZH: typeof FIELD_TEXTS_EN = {
  base: {
    systemName: { label: '系统名称', help: '产品名称：显示在浏览器标签页标题、登录页和邮件中。留空：“Workbench Portal”。' },
    logo: {
      label: '标志（Logo）',
      help: '显示在页头和登录页名称旁的图片：https:// 地址或本门户上的路径（如 /open/icons/brand/logo.svg，可在“图标”中上传）。留空：不显示。',
    },
    icon: { label: '浏览器标签页图标', help: '网站图标（favicon）：https:// 地址或本门户上的路径。留空：使用门户自带图标。' },
    defaultLanguage: {
      label: '默认语言',
      help: '浏览器尚未选择语言时使用的语言；每个人仍可自行切换。',
      options: { 'en-US': 'English（英语）', 'zh-CN': '简体中文' },
    },
    defaultLayout: {
      label: '默认布局',
      help: '未自行选择布局的用户所用的框架布局。',
      navStyle: { label: '菜单位置', help: '主菜单显示在左侧还是页头中。', options: { LEFT: '左侧', TOP: '顶部' } },
      leftMenuWidth: { label: '左侧菜单宽度（像素）', help: '左侧菜单的宽度，160 到 400 像素。' },
      topMenuHeight: { label: '页头高度（像素）', help: '页头的高度，40 到 96 像素。' },
    },
    defaultTheme: {
      label: '默认外观',
      help: '未自行选择外观（页头中的“外观与语言”）的用户所用的明暗模式和品牌色。',
      mode: { label: '主题', help: '浅色或深色页面。', options: { light: '浅色', dark: '深色' } },
      brandColor: { label: '品牌色', help: '按钮、链接和选中项的颜色（#rrggbb）。' },
    },
    loginPage: {
      label: '登录页',
      help: '登录页的外观。',
      layout: {
        label: '表单位置',
        help: '登录表单的位置：居中，或作为背景上靠左、靠右的一栏。',
        options: { center: '居中', left: '靠左', right: '靠右' },
      },
      background: {
        label: '背景',
        help: '登录表单后面的背景。',
        color: { label: '背景颜色', help: '页面的颜色。留空：使用主题的背景色。' },
        image: { label: '背景图片', help: '铺满页面的图片：https:// 地址或本门户上的路径。留空：不使用图片。' },
      },
      title: { label: '标题', help: '表单的标题。留空：按读者语言显示“登录”。' },
      subtitle: { label: '副标题', help: '标题下的一行文字，例如谁可以登录。留空：不显示。' },
      footer: { label: '页脚', help: '页面底部的一行文字，例如版权信息。留空：不显示。' },
      showOptions: {
        label: '页面上显示',
        help: '登录表单提供哪些附加选项。',
        rememberMe: { label: '记住我', help: '提供保持登录 30 天的选项。' },
        forgotPassword: { label: '忘记密码链接', help: '链接到通过邮件找回密码。' },
        languageSwitch: { label: '语言切换', help: '允许读者切换页面语言。' },
      },
    },
  },
  auth: {
    accessTokenMinutes: {
      label: '访问令牌有效期（分钟）',
      help: '访问令牌的有效时间，1 到 60；浏览器会自动续期。越短，被撤销的会话越早失效。',
    },
    refreshTokenDays: { label: '记住登录的时长（天）', help: '勾选“记住我”的会话最长保持多久后需重新登录，1 到 90。' },
    sessionIdleMinutes: { label: '空闲超时（分钟）', help: '会话闲置这么久后结束。0：不限制。' },
    sessionAbsoluteHours: { label: '会话时长（小时）', help: '未勾选“记住我”的会话在登录后这么久结束，1 到 720。' },
    signInOptions: {
      label: '登录方式',
      help: '登录页提供的登录方式。密码或短信验证码至少开启一项：二维码需由已登录的设备确认。',
      password: { label: '用户名和密码', help: '使用用户名和密码登录。' },
      qr: { label: '二维码', help: '用已登录的手机扫描二维码登录。' },
      smsCode: { label: '短信验证码', help: '使用短信发送的验证码登录（需要短信消息渠道）。' },
      registration: { label: '自助注册', help: '任何人都可以在 /register 创建账号；登录页会显示注册链接。' },
      registrationCaptcha: { label: '注册需验证码', help: '注册时需要通过图形验证码（仅在开启自助注册时有效）。' },
    },
    captchaAfterFailures: { label: '失败几次后要求验证码', help: '同一账号登录失败多少次后要求输入验证码，1 到 20。' },
  },
  safe: {
    password: {
      label: '密码策略',
      help: '新密码必须满足的条件（已设置的密码不会被重新检查）。',
      minLength: { label: '最短长度', help: '最少字符数，8 到 128。' },
      requireClasses: {
        label: '必须包含的字符',
        help: '密码中每类字符的最少个数；合计不超过最短长度。',
        lower: { label: '小写字母', help: '小写字母（a–z）的最少个数。' },
        upper: { label: '大写字母', help: '大写字母（A–Z）的最少个数。' },
        digit: { label: '数字', help: '数字（0–9）的最少个数。' },
        symbol: { label: '其他字符', help: '其他字符（标点、符号、空格）的最少个数。' },
      },
      notContainingUsername: { label: '拒绝包含用户名的密码', help: '与用户名相同的密码总是被拒绝；开启后，包含用户名的也会被拒绝。' },
      historyCount: { label: '密码历史', help: '拒绝该账号最近使用过的 n 个密码，0 到 24。0：不检查。' },
      rejectCommon: { label: '拒绝常见密码', help: '拒绝常用密码列表中的密码。' },
      expiryDays: { label: '密码有效期（天）', help: '密码设置后这么久必须更换。0：永不过期。' },
    },
    lockout: {
      label: '账号锁定',
      help: '多次登录失败后锁定账号。',
      afterFailures: { label: '失败几次后锁定', help: '同一账号登录失败多少次后锁定，3 到 100。' },
      minutes: { label: '锁定时长（分钟）', help: '锁定持续多久，1 到 1440；管理员可提前解锁。' },
    },
    mfaRequired: {
      label: '必须使用身份验证器的用户',
      help: '谁必须设置身份验证器应用（TOTP）才能登录。',
      options: { none: '无人', administrators: '管理员', everyone: '所有人' },
    },
  },
};
