import type { Language } from '@portal/contracts';

/** Each language named in itself, so anyone can find their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };
