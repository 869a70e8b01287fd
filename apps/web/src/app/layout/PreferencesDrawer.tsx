import { CheckOutlined } from '@ant-design/icons';
import type { PreferencesConfig } from '@portal/contracts';
import { Button, Drawer, Flex, Radio, Typography } from 'antd';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { toastError } from '../api/notify.ts';
import { LANGUAGES } from '@portal/contracts';
import { changePreferences } from '../preferences/preferences.ts';
import { useAppStore } from '../store/appStore.ts';

/** A few brand colours to pick from; the first is the portal's default (spec §9). */
export const BRAND_PRESETS = ['#304ffe', '#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1'] as const;

/** Each language named in itself, so anyone can find their own. */
const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = { 'en-US': 'English', 'zh-CN': '简体中文' };

function Setting({ label, children }: { label: string; children: (labelId: string) => React.ReactNode }) {
  const id = useId();
  return (
    <section style={{ marginBottom: 24 }}>
      <Typography.Title level={5} id={id} style={{ marginTop: 0 }}>
        {label}
      </Typography.Title>
      {children(id)}
    </section>
  );
}

/**
 * The browser's own colour picker: antd's ColorPicker would pull its code into the chunk that
 * /login shares with the console (form-widgets) and break the /login budget. The choice is taken
 * when the picker closes (change), not on every move (input), so it is saved once.
 */
function ColorInput({ value, label, onChange }: { value: string; label: string; onChange: (color: string) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const input = ref.current;
    // React's onChange is the native 'input' event (every move); the native 'change' is the commit.
    const commit = () => input && latest.current(input.value);
    input?.addEventListener('change', commit);
    return () => input?.removeEventListener('change', commit);
  }, []);
  useEffect(() => {
    if (ref.current) ref.current.value = value;
  }, [value]);
  return (
    <input
      ref={ref}
      type="color"
      aria-label={label}
      title={label}
      defaultValue={value}
      style={{ width: 40, height: 32, padding: 2, border: 'none', background: 'none', cursor: 'pointer' }}
    />
  );
}

/** Menu position, light/dark, brand colour and language: applied at once, saved for the user. */
export function PreferencesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { navStyle, mode, brandColor } = useAppStore(
    useShallow((state) => ({ navStyle: state.layoutConfig.navStyle, mode: state.theme.mode, brandColor: state.theme.brandColor })),
  );
  const change = (preferences: PreferencesConfig) => void changePreferences(preferences).catch(() => toastError(t('shell.saveFailed')));
  return (
    <Drawer title={t('shell.settings')} open={open} onClose={onClose} size={360}>
      <Setting label={t('shell.navStyle')}>
        {(id) => (
          <Radio.Group aria-labelledby={id} value={navStyle} onChange={(event) => change({ navStyle: event.target.value })}>
            <Radio.Button value="LEFT">{t('shell.navLeft')}</Radio.Button>
            <Radio.Button value="TOP">{t('shell.navTop')}</Radio.Button>
          </Radio.Group>
        )}
      </Setting>
      <Setting label={t('shell.mode')}>
        {(id) => (
          <Radio.Group aria-labelledby={id} value={mode} onChange={(event) => change({ mode: event.target.value })}>
            <Radio.Button value="light">{t('shell.light')}</Radio.Button>
            <Radio.Button value="dark">{t('shell.dark')}</Radio.Button>
          </Radio.Group>
        )}
      </Setting>
      <Setting label={t('shell.brandColor')}>
        {(id) => (
          <Flex gap={8} wrap align="center" role="group" aria-labelledby={id}>
            {BRAND_PRESETS.map((color) => (
              <Button
                key={color}
                shape="circle"
                aria-label={t('shell.brandPreset', { color })}
                aria-pressed={brandColor.toLowerCase() === color}
                style={{ background: color, borderColor: color, color: '#fff' }}
                icon={brandColor.toLowerCase() === color ? <CheckOutlined /> : <span />}
                onClick={() => change({ brandColor: color })}
              />
            ))}
            <ColorInput value={brandColor} label={t('shell.customColor')} onChange={(color) => change({ brandColor: color })} />
          </Flex>
        )}
      </Setting>
      <Setting label={t('shell.language')}>
        {(id) => (
          <Radio.Group aria-labelledby={id} value={i18n.language} onChange={(event) => change({ language: event.target.value })}>
            {LANGUAGES.map((language) => (
              <Radio.Button key={language} value={language}>
                <span lang={language}>{LANGUAGE_NAMES[language]}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        )}
      </Setting>
    </Drawer>
  );
}
