import { Button, theme } from 'antd';
import type { KeyboardEvent } from 'react';

interface Props<M extends string> {
  label: string;
  methods: readonly { value: M; label: string }[];
  value: M;
  onChange: (method: M) => void;
}

/**
 * Tabs choosing the sign-in method, following the WAI-ARIA tabs pattern (arrow keys move between
 * tabs). Hand-made because antd's Tabs (with its overflow menu) weighs more than the whole form.
 * The panel is the element with id `signin-panel`.
 */
export function MethodTabs<M extends string>({ label, methods, value, onChange }: Props<M>) {
  const { token } = theme.useToken();
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const next = methods[(index + step + methods.length) % methods.length];
    if (!step || !next) return;
    onChange(next.value);
    document.getElementById(`signin-tab-${next.value}`)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      style={{ display: 'flex', marginBottom: token.marginLG, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      {methods.map((method, index) => {
        const selected = method.value === value;
        return (
          <Button
            key={method.value}
            id={`signin-tab-${method.value}`}
            role="tab"
            type="text"
            aria-selected={selected}
            aria-controls="signin-panel"
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(method.value)}
            onKeyDown={(event) => move(event, index)}
            style={{
              flex: 1,
              borderRadius: 0,
              color: selected ? token.colorPrimary : undefined,
              borderBottom: `2px solid ${selected ? token.colorPrimary : 'transparent'}`,
            }}
          >
            {method.label}
          </Button>
        );
      })}
    </div>
  );
}
