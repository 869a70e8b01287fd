/**
 * The yardstick of the email figure: nodemailer itself, pooled as a channel is (same number of
 * connections), sending COUNT messages straight to the SMTP server at SMTP_PORT. A process of its own,
 * as the portal's server is; the rate is read at the server.
 */
import nodemailer from 'nodemailer';

const count = Number(process.env.COUNT ?? 1000);
const transport = nodemailer.createTransport({
  host: '127.0.0.1',
  port: Number(process.env.SMTP_PORT),
  secure: false,
  pool: true,
  maxConnections: Number(process.env.CONNECTIONS ?? 5),
  maxMessages: Infinity,
});
await Promise.all(
  Array.from({ length: count }, (_, n) =>
    transport.sendMail({
      from: 'portal@bench.test',
      to: { name: `Audience member ${n + 1}`, address: `audience-${n + 1}@example.test` },
      subject: 'Email round',
      text: 'Benchmark',
      messageId: `<direct-${n}@bench.test>`,
    }),
  ),
);
transport.close();
