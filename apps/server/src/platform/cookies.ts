import { parse, serialize, type SerializeOptions } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Cookies are parsed where a route reads them, not on every request. */
export const readCookie = (request: FastifyRequest, name: string): string | undefined =>
  request.headers.cookie ? parse(request.headers.cookie)[name] : undefined;

/** Adds a Set-Cookie header (Fastify keeps every set-cookie value). */
export function setCookie(reply: FastifyReply, name: string, value: string, options: SerializeOptions): FastifyReply {
  return reply.header('set-cookie', serialize(name, value, options));
}

export const clearCookie = (reply: FastifyReply, name: string, options: SerializeOptions): FastifyReply =>
  setCookie(reply, name, '', { ...options, expires: new Date(0), maxAge: 0 });
