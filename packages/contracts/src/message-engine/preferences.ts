import { Type, type Static } from 'typebox';
import { endpoint, errorResponses } from '../endpoint.ts';
import { MESSAGE_ENGINE_PREFIX } from './prefix.ts';

/** The channel types a user may mute a classification on; in-app messages always arrive. */
export const MUTABLE_CHANNEL_TYPES = ['email', 'sms'] as const;
export const MutableChannelType = Type.Enum(MUTABLE_CHANNEL_TYPES);
export type MutableChannelType = Static<typeof MutableChannelType>;

/** One classification as the caller receives it: muted or not on each mutable channel type. */
export const ClassificationPreference = Type.Object({
  classificationId: Type.String(),
  code: Type.String(),
  name: Type.String(),
  muted: Type.Object({ email: Type.Boolean(), sms: Type.Boolean() }),
});
export type ClassificationPreference = Static<typeof ClassificationPreference>;

export const Preferences = Type.Array(ClassificationPreference);
export type Preferences = Static<typeof Preferences>;

/** One muted pair: messages of this classification do not reach the caller on this channel type. */
export const MutedPair = Type.Object({
  classificationId: Type.String({ format: 'uuid' }),
  channelType: MutableChannelType,
});
export type MutedPair = Static<typeof MutedPair>;

/** PUT /v1/preferences: every pair the caller mutes, replacing the ones muted before (an empty list mutes nothing). */
export const PreferencesInput = Type.Object({ muted: Type.Array(MutedPair, { maxItems: 5000 }) });
export type PreferencesInput = Static<typeof PreferencesInput>;

const tags = ['message preferences'];
const path = `${MESSAGE_ENGINE_PREFIX}/v1/preferences`;

/** The caller's own message preferences (personal centre): which classifications they mute for email and SMS. */
export const preferenceEndpoints = {
  get: endpoint({
    access: 'signedIn',
    tags,
    method: 'GET',
    path,
    summary: 'Every classification, by sort then name, with whether the caller muted it for email and for SMS',
    responses: { 200: Preferences },
  }),
  set: endpoint({
    access: 'signedIn',
    tags,
    method: 'PUT',
    path,
    summary: "Sets the caller's muted pairs (classification, channel type: email or sms); an unknown classification answers 400 naming it",
    body: PreferencesInput,
    responses: { 200: Preferences, ...errorResponses(400) },
  }),
};
