import { useEffect, useRef } from 'react';

interface Props {
  value: string;
  /** Its accessible name (the picker shows no text of its own). */
  label: string;
  onChange: (color: string) => void;
  id?: string | undefined;
  disabled?: boolean | undefined;
}

/**
 * The browser's own colour picker: antd's ColorPicker would pull its code into the chunk that
 * /login shares with the console (form-widgets) and break the /login budget. The choice is taken
 * when the picker closes (change), not on every move (input), so it is saved once.
 */
export function ColorInput({ value, label, onChange, id, disabled }: Props) {
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
      id={id}
      type="color"
      aria-label={label}
      title={label}
      defaultValue={value}
      disabled={disabled}
      style={{ width: 40, height: 32, padding: 2, border: 'none', background: 'none', cursor: disabled ? 'not-allowed' : 'pointer' }}
    />
  );
}
