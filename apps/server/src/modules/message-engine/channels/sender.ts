/**
 * How delivery hands one message to one person on one channel (the seam between the delivery jobs
 * and the channel providers: email over SMTP, SMS over an HTTP gateway, signed webhooks).
 */
export interface OutgoingDelivery {
  /** The message record's id. */
  messageId: string;
  /** Travels to the provider so a repeated delivery is recognised there: a header for webhook and SMS, the Message-ID for mail. */
  idempotencyKey: string;
  receiver: {
    userId: string | null;
    name: string;
    /** An email address (email), a phone number (sms); for a webhook, null (the channel's URL is the address). */
    address: string | null;
  };
  subject: string;
  body: string;
  format: 'text' | 'html';
  /**
   * Called by a provider that can hold back the outside system's acceptance (SMTP: the end of the
   * data) once the attempt is under way: the delivery may be accepted only after it resolves, and
   * is cut off before acceptance if it rejects. The delivery job records the attempt's start here,
   * so a crash never leaves a delivery accepted with no attempt recorded (delivery/deliver-job.ts).
   */
  beforeAccept?: () => Promise<void>;
}

export interface ChannelSenders {
  /**
   * Delivers on the channel as it is now configured (a changed channel is picked up, its old pooled
   * connections closed). Resolves once the provider accepted it; rejects with a readable error
   * otherwise (the job is retried). Rejects when the channel is missing or disabled.
   */
  send(channelId: string, delivery: OutgoingDelivery): Promise<void>;
  /** Closes pooled connections (shutdown). */
  close(): Promise<void>;
}
