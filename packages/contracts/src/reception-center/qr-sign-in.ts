import { Type } from 'typebox';
import { QrCode, QrCodeResult } from '../auth.ts';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { RECEPTION_CENTER_PREFIX } from './prefix.ts';

const tags = ['sign-in'];
const path = `${RECEPTION_CENTER_PREFIX}/oauth/qrcode`;

export const QrCodeResultQuery = Type.Object({ qrId: Type.String({ minLength: 1, maxLength: 128 }) });
export const QrApproveBody = Type.Object({ approveId: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * QR sign-in: the sign-in page shows a code carrying a public approve id and polls with a secret
 * only it holds; an already signed-in session approves the id; the next poll starts the session.
 * Refused (SIGN_IN_OPTION_OFF) while the auth settings' `signInOptions.qr` is off.
 */
export const qrSignInEndpoints = {
  start: endpoint({
    access: 'open',
    tags,
    method: 'GET',
    path,
    summary: 'Starts a QR sign-in',
    responses: { 200: QrCode, ...errorResponses(403) },
  }),
  result: endpoint({
    access: 'open',
    tags,
    method: 'GET',
    path: `${path}/result`,
    summary: 'Polls a QR sign-in; once approved, starts the session',
    query: QrCodeResultQuery,
    responses: { 200: QrCodeResult, ...errorResponses(403) },
  }),
  approve: endpoint({
    access: 'signedIn',
    tags,
    method: 'POST',
    path: `${path}/approve`,
    summary: 'Approves a QR sign-in from an already signed-in session',
    body: QrApproveBody,
    responses: { 200: Ok, ...errorResponses(403, 404) },
  }),
};
