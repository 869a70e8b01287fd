import {
  applicationClientEndpoints as clientEndpoints,
  applicationEndpoints,
  type ApplicationClientInput,
  type ApplicationQuery,
  type ApplicationState,
} from '@portal/contracts';
import { call, callForResponse } from '../../../api/call.ts';

/** Query-key root of every application query: invalidate it to reload lists and detail views. */
export const APPLICATION_KEY = ['admin', 'applications'] as const;

export const fetchApplications = (query: ApplicationQuery) => call(applicationEndpoints.list, { query });

export const fetchApplication = (applicationId: string) => call(applicationEndpoints.get, { params: { applicationId } });

/** HEAD /v4/applications/instant/{instant}: 200 taken, 404 free. */
export const isInstantTaken = (instant: string, signal?: AbortSignal) =>
  callForResponse(
    applicationEndpoints.instantTaken,
    { params: { instant } },
    { silent: true, signal, validateStatus: (status) => status === 200 || status === 404 },
  ).then((r) => r.status === 200);

export const setApplicationState = (applicationId: string, state: ApplicationState) =>
  call(applicationEndpoints.setState, { params: { applicationId }, body: { state } });

export const setApplicationOwner = (applicationId: string, ownerId: string) =>
  call(applicationEndpoints.setOwner, { params: { applicationId }, body: { ownerId } });

/** The application's OAuth clients (never their secrets). */
export const fetchClients = (applicationId: string) => call(clientEndpoints.list, { params: { applicationId } });

/** Registers a client: the answer holds its secret, the only time it is shown. */
export const registerClient = (applicationId: string, body: ApplicationClientInput) =>
  call(clientEndpoints.register, { params: { applicationId }, body });

export const rotateClientSecret = (applicationId: string, clientId: string) =>
  call(clientEndpoints.rotateSecret, { params: { applicationId, clientId } });

export const removeClient = (applicationId: string, clientId: string) =>
  call(clientEndpoints.remove, { params: { applicationId, clientId } });
