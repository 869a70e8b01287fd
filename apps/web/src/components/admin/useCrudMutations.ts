import type { CallInput, Endpoint } from '@portal/contracts';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callWith } from '../../api/call.ts';
import { http } from '../../api/http.ts';
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

/**
 * Create, update and delete of a REST resource at `basePath`: POST basePath, PUT basePath/{id},
 * DELETE basePath/{id}. Each success toasts and reloads the queries under `invalidate`.
 *
 * ```ts
 * const { create, update, remove } = useCrudMutations<GroupInput>('/api/permission/groups', [['groups']]);
 * await create.mutateAsync(values);
 * await update.mutateAsync({ id, body: values });
 * remove.mutate(id);
 * ```
 */
export function useCrudMutations<Input, Created = unknown>(basePath: string, invalidate: QueryKey[]) {
  const { t } = useTranslation();
  const create = useInvalidatingMutation((body: Input) => http.post<Created>(basePath, body).then((r) => r.data), {
    invalidate,
    success: t('adminKit.created'),
  });
  const update = useInvalidatingMutation(
    ({ id, body }: { id: string; body: Input }) => http.put(`${basePath}/${encodeURIComponent(id)}`, body).then((r) => r.data),
    { invalidate },
  );
  const remove = useInvalidatingMutation((id: string) => http.delete(`${basePath}/${encodeURIComponent(id)}`).then(() => undefined), {
    invalidate,
    success: t('adminKit.deleted'),
  });
  return { create, update, remove };
}
