import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpSink } from '../fixtures/smtp-sink';

/*
 * The browser tests' mail server: a real SMTP server (smtp-server) for the whole run, on the port
 * the shop under test sends to (E2E_PORT + 1000, SMTP_URL in playwright.config.ts). Each accepted
 * message is written to e2eMailDir() for the specs to read (tests/e2e/mail.spec.ts).
 */

export const e2ePort = () => Number(process.env.E2E_PORT ?? 4399);
export const e2eSmtpPort = () => e2ePort() + 1000;
export const e2eMailDir = () => path.join(os.tmpdir(), `yaad-e2e-mail-${e2ePort()}`);

export default async function globalSetup() {
  rmSync(e2eMailDir(), { recursive: true, force: true });
  const sink = await startSmtpSink({ port: e2eSmtpPort(), dir: e2eMailDir() });
  return async () => {
    await sink.close();
  };
}
