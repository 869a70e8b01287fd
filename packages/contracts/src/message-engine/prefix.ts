/** Where the message-engine module's endpoints live (spec §7). */
export const MESSAGE_ENGINE_PREFIX = '/api/message-engine';
