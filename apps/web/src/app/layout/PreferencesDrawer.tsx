import { CheckOutlined } from '@ant-design/icons';
import type { PreferencesConfig } from '@portal/contracts';
import { Button, Drawer, Flex, Radio, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ColorInput } from '../../components/ColorInput.tsx';
import { LANGUAGE_NAMES } from '../../components/languageNames.ts';
import { toastError } from '../api/notify.ts';
import { LANGUAGES } from '@portal/contracts';
import { changePreferences } from '../preferences/preferences.ts';
import { useAppStore } from '../store/appStore.ts';

/** A few brand colours to pick from; the first is the portal's default (spec §9). */
export const BRAND_PRESETS = ['#304ffe', '#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1'] as const;

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
