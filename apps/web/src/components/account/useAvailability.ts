import { Form, type FormInstance, type FormItemProps, type FormRule } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { accountFieldProblem } from './fieldRules.ts';
import type { AccountT } from './messages.ts';
import { isAvailable, type UniqueField } from './openAccountApi.ts';

/** Quiet time after the last keystroke before asking the server (it allows a burst of 20 checks). */
export const AVAILABILITY_DEBOUNCE_MS = 400;

type Answer = 'checking' | 'free' | 'taken' | 'unknown';

/**
 * Asks the server whether a username, email or phone is still free while the user types
 * (debounced, only for well-formed values) and shows the answer inline: "Checking…", "Available",
 * or the field's error "already taken". The submit stays the final judge (a 409 on a race).
 * Returns the rule to add to the field, the props for its Form.Item, and `markTaken` for a 409.
 * An invitation's form passes its token: without it the server answers only while self-registration is on.
 */
export function useAvailability(form: FormInstance, field: UniqueField, t: AccountT, inviteToken?: string) {
  const watched: unknown = Form.useWatch(field, form);
  const value = typeof watched === 'string' ? watched.trim() : '';
  const checkable = value !== '' && !accountFieldProblem(field, value, t);
  const [answer, setAnswer] = useState<{ value: string; answer: Answer }>();
  const latest = useRef(answer);
  latest.current = answer;

  useEffect(() => {
    if (!checkable) {
      setAnswer(undefined);
      return undefined;
    }
    setAnswer({ value, answer: 'checking' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void isAvailable(field, value, { signal: controller.signal, inviteToken }).then((free) => {
        if (!controller.signal.aborted) setAnswer({ value, answer: free === undefined ? 'unknown' : free ? 'free' : 'taken' });
      });
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [field, value, checkable, inviteToken]);

  // Re-run the field's rules once the server has answered, so "already taken" shows (or clears).
  const settled = answer && answer.answer !== 'checking' ? answer.answer : undefined;
  useEffect(() => {
    if (settled && form.isFieldTouched(field)) form.validateFields([field]).catch(() => undefined);
  }, [settled, form, field]);

  const rule: FormRule = {
    validator: (_rule, raw: unknown) => {
      const current = latest.current;
      const taken = current?.answer === 'taken' && typeof raw === 'string' && current.value === raw.trim();
      return taken ? Promise.reject(new Error(t(`availability.taken.${field}`))) : Promise.resolve();
    },
  };
  const current = answer?.value === value ? answer.answer : undefined;
  const itemProps: Pick<FormItemProps, 'hasFeedback' | 'validateStatus' | 'help'> =
    current === 'checking'
      ? { hasFeedback: true, validateStatus: 'validating', help: t('availability.checking') }
      : current === 'free'
        ? { hasFeedback: true, validateStatus: 'success', help: t('availability.free') }
        : {};
  /** The submit was refused because the value is taken (someone was quicker): show it as such. */
  const markTaken = (taken: string) => setAnswer({ value: taken.trim(), answer: 'taken' });
  return { rule, itemProps, markTaken };
}
