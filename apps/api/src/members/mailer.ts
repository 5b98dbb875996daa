import { Injectable, Logger } from '@nestjs/common';
import type { Role } from '@loadline/shared';

export interface InviteMessage {
  /** The address the inviter gave, if any. */
  to: string | null;
  organization: string;
  invitedBy: string | null;
  role: Role;
  url: string;
  expiresAt: Date;
}

/** How invitations leave the building. An SMTP transport implements this and replaces LogMailer. */
export interface Mailer {
  sendInvite(message: InviteMessage): Promise<void>;
}

export const MAILER = Symbol('MAILER');

/**
 * There is no mail server: the link is shown to the inviter in the API answer and written
 * to the log, as the e-mail would have carried it. It is a one-time secret, like the e-mail.
 */
@Injectable()
export class LogMailer implements Mailer {
  private readonly logger = new Logger('Mailer');

  async sendInvite(message: InviteMessage): Promise<void> {
    this.logger.log(
      { to: message.to, organization: message.organization, role: message.role, expiresAt: message.expiresAt.toISOString(), url: message.url },
      'invitation (log mailer: no SMTP transport configured)',
    );
  }
}
