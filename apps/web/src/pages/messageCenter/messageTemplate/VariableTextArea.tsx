import { Input, theme, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { applyCompletion, completionAt, offersAt, type CompletionSpot, type Declared, type Offer } from './completion.ts';
import { useTemplateT } from './messages.ts';

interface VariableTextAreaProps {
  /** Form.Item passes these. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The declared variables, offered after `{{` and where a tag takes an expression (and their samples' properties after a dot). */
  variables: readonly Declared[];
  rows?: number;
  maxLength?: number;
  placeholder?: string;
}

/** Keys that move the caret without typing: the spot being completed may change. */
const CARET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * A textarea for Liquid that offers the declared variables as the author types `{{`, and a sample's
 * properties after a dot (a combobox:
 * arrows move through the list, Enter or Tab writes the variable in, Escape closes the list).
 */
export function VariableTextArea({ id, value = '', onChange, variables, rows = 1, maxLength, placeholder }: VariableTextAreaProps) {
  const t = useTemplateT();
  const { token } = theme.useToken();
  const ref = useRef<TextAreaRef>(null);
  const listId = `${useId().replace(/[^A-Za-z0-9_-]/g, '')}-variables`;
  const [spot, setSpot] = useState<CompletionSpot | null>(null);
  const [active, setActive] = useState(0);
  const offers = spot ? offersAt(spot, variables) : [];
  const open = offers.length > 0;

  const follow = (text: string, caret: number) => {
    setSpot(completionAt(text, caret));
    setActive(0);
  };
  const choose = (offer: Offer) => {
    if (!spot) return;
    const next = applyCompletion(value, spot, offer);
    onChange?.(next.text);
    setSpot(null);
    // After React has written the new value, put the caret after what was inserted.
    requestAnimationFrame(() => {
      const area = ref.current?.resizableTextArea?.textArea;
      area?.focus();
      area?.setSelectionRange(next.caret, next.caret);
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      setActive((current) => (current + step + offers.length) % offers.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const offer = offers[active];
      if (offer) choose(offer);
    } else if (event.key === 'Escape') {
      // Closes the list only, not the dialog around it.
      event.stopPropagation();
      setSpot(null);
    } else {
      return;
    }
    event.preventDefault();
  };

  return (
    <div style={{ position: 'relative' }}>
      <Input.TextArea
        ref={ref}
        id={id}
        value={value}
        autoSize={{ minRows: rows, maxRows: Math.max(rows, 20) }}
        maxLength={maxLength}
        placeholder={placeholder}
        spellCheck={false}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          onChange?.(event.target.value);
          follow(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => CARET_KEYS.has(event.key) && follow(event.currentTarget.value, event.currentTarget.selectionStart)}
        onClick={(event) => follow(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={() => setSpot(null)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('completions')}
        hidden={!open}
        style={{
          position: 'absolute',
          zIndex: token.zIndexPopupBase + 50,
          top: '100%',
          left: 0,
          minWidth: 220,
          maxHeight: 240,
          overflowY: 'auto',
          margin: '4px 0 0',
          padding: 4,
          listStyle: 'none',
          background: token.colorBgElevated,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowSecondary,
        }}
      >
        {open &&
          offers.map((offer, index) => (
            <li
              key={offer.name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Chosen on mouse down, before the textarea's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(offer);
              }}
              style={{
                padding: '4px 8px',
                cursor: 'pointer',
                borderRadius: token.borderRadiusSM,
                background: index === active ? token.controlItemBgActive : undefined,
              }}
            >
              <code>{offer.name}</code> <Typography.Text type="secondary">{offer.description}</Typography.Text>
            </li>
          ))}
      </ul>
    </div>
  );
}
