import type { CallInput, Endpoint } from '@portal/contracts';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callWith } from '../../api/call.ts';
import { useFeedback } from './useFeedback.ts';
import './messages.ts';

interface MutationOptions {
  /** Every query whose key starts with one of these is reloaded after success. */
  invalidate: readonly QueryKey[];
  /** Toast after success; false for none. Defaults to a generic "Saved". */
  success?: string | false;
}

/**
 * A change (any call) that, once it succeeds, toasts and reloads the lists it affects. Errors are
 * already toasted by the HTTP client; `mutateAsync` still rejects so forms can stay open.
 */
export function useInvalidatingMutation<Variables, Result = unknown>(
  call: (variables: Variables) => Promise<Result>,
  { invalidate, success }: MutationOptions,
) {
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      if (success !== false) void message.success(success ?? t('adminKit.saved'));
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/**
 * A change through a declared endpoint: `useCallMutation(groupEndpoints.activate, { invalidate })`,
 * then `mutateAsync({ params: { id } })`. Toasts and reloads as useInvalidatingMutation does.
 */
export function useCallMutation<E extends Endpoint>(endpoint: E, options: MutationOptions) {
  return useInvalidatingMutation((input: CallInput<E>) => callWith(endpoint, input), options);
}

/** The three changes of a resource, as declared in the contracts (e.g. `applicationEndpoints`). */
interface CrudEndpoints {
  create: Endpoint;
  update: Endpoint;
  remove: Endpoint;
}

/**
 * Create, update and delete of a resource through its declared endpoints. Each success toasts
 * and reloads the queries under `invalidate`.
 *
 * ```ts
 * const { create, update, remove } = useCrudMutations(applicationEndpoints, [APPLICATION_KEY]);
 * await create.mutateAsync({ body: values });
 * await update.mutateAsync({ params: { applicationId }, body: values });
 * remove.mutate({ params: { applicationId } });
 * ```
 */
export function useCrudMutations<E extends CrudEndpoints>(endpoints: E, invalidate: readonly QueryKey[]) {
  const { t } = useTranslation();
  const create = useCallMutation<E['create']>(endpoints.create, { invalidate, success: t('adminKit.created') });
  const update = useCallMutation<E['update']>(endpoints.update, { invalidate });
  const remove = useCallMutation<E['remove']>(endpoints.remove, { invalidate, success: t('adminKit.deleted') });
  return { create, update, remove };
}
