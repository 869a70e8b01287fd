/**
 * OUTBOUND_ALLOW for servers whose peers listen on this machine (the tests', e2e's and the
 * benchmarks' SMTP, webhook, SMS, identity-provider and menu.json peers): the outbound guard
 * reaches loopback only because the operator's variable says so.
 */
export const LOOPBACK_ALLOWED = '127.0.0.0/8,::1,localhost';
